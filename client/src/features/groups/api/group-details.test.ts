import { describe, expect, it } from 'vitest';
import { parseGroupId } from './group-details';

describe('parseGroupId', () => {
  it('reads a positive whole number from the URL', () => {
    expect(parseGroupId('1')).toBe(1);
    expect(parseGroupId('2147483647')).toBe(2_147_483_647);
  });

  it('refuses anything that cannot be a group id, so no request is made', () => {
    for (const raw of [
      undefined,
      '',
      '0',
      '-3',
      '07',
      '1.5',
      '1e3',
      'abc',
      '12abc',
      '2147483648',
    ]) {
      expect(parseGroupId(raw)).toBeNull();
    }
  });
});
