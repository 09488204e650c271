import { describe, expect, it } from 'vitest';
import { toastPosition } from './toast-placement';

describe('toastPosition', () => {
  it('puts a toast over a page at the bottom: the page’s title and actions are at its top', () => {
    expect(toastPosition({ phone: true, overDialog: false })).toBe('bottom-center');
    expect(toastPosition({ phone: false, overDialog: false })).toBe('bottom-right');
  });

  it('puts a toast over a dialog at the top: the dialog’s main button is at its bottom', () => {
    expect(toastPosition({ phone: true, overDialog: true })).toBe('top-center');
    expect(toastPosition({ phone: false, overDialog: true })).toBe('top-right');
  });
});
