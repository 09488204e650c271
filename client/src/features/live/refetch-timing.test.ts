import { describe, expect, it } from 'vitest';
import { COALESCE_MS, MAX_REFETCH_SPREAD_MS, refetchDelayMs } from './refetch-timing';

describe('refetchDelayMs', () => {
  it("spreads a group's refetches over a time that grows with its members", () => {
    expect(refetchDelayMs(10, 0)).toBe(COALESCE_MS);
    expect(refetchDelayMs(10, 1)).toBeLessThanOrEqual(200);
    expect(refetchDelayMs(1000, 1)).toBeGreaterThan(5_000);
    expect(refetchDelayMs(1000, 0.5)).toBeCloseTo((refetchDelayMs(1000, 1) + COALESCE_MS) / 2);
  });

  it('never waits longer than the ceiling, nor less than the coalescing', () => {
    expect(refetchDelayMs(1_000_000, 1)).toBe(COALESCE_MS + MAX_REFETCH_SPREAD_MS);
    expect(refetchDelayMs(0, 1)).toBe(COALESCE_MS);
  });
});
