import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, dismissToast, toast } from './toast';

afterEach(() => {
  dismissToast();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows only the newest toast', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    const shown = currentToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast and forgets it after the removal delay', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Saved' });
    dismissToast(id);
    expect(currentToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(999_999);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });
});
