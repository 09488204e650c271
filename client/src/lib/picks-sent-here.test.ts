import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { claimPickSent, forgetPickSent, notePickSent } from './picks-sent-here';

describe('picks sent here', () => {
  it('claims each pick sent once, on its own prop and page, and none that was refused', () => {
    const page = new QueryClient();
    const otherTab = new QueryClient();
    notePickSent(page, 3, 7);
    notePickSent(page, 3, 7);
    expect(claimPickSent(otherTab, 3, 7)).toBe(false);
    expect(claimPickSent(page, 3, 8)).toBe(false);
    expect(claimPickSent(page, 3, 7)).toBe(true);
    expect(claimPickSent(page, 3, 7)).toBe(true);
    expect(claimPickSent(page, 3, 7)).toBe(false);

    notePickSent(page, 3, 7);
    forgetPickSent(page, 3, 7);
    expect(claimPickSent(page, 3, 7)).toBe(false);
  });
});
