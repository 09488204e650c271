import { describe, expect, it } from 'vitest';
import { namesInProse, quotedTitles } from './title-list';

describe('namesInProse', () => {
  it('joins names as a sentence does', () => {
    expect(namesInProse([])).toBe('');
    expect(namesInProse(['Ann'])).toBe('Ann');
    expect(namesInProse(['Ann', 'Bo'])).toBe('Ann and Bo');
    expect(namesInProse(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy');
  });
});

describe('quotedTitles', () => {
  it('quotes three titles, then counts the rest', () => {
    expect(quotedTitles(['A'])).toBe('"A"');
    expect(quotedTitles(['A', 'B', 'C', 'D', 'E'])).toBe('"A", "B", "C" and 2 more');
  });
});
