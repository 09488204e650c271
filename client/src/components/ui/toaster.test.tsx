// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '@client/lib/toast';
import { Toaster } from './toaster';

afterEach(() => {
  act(() => {
    dismissToast();
  });
});

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the one showing', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Group created successfully!' });
    });
    expect(await screen.findByText('Group created successfully!')).toBeTruthy();

    act(() => {
      toast({
        title: 'Failed to join group',
        description: '404: Group not found',
        variant: 'destructive',
      });
    });
    expect(await screen.findByText('404: Group not found')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByText('Group created successfully!')).toBeNull();
    });
    // The failure is drawn as an error (red), the success was not.
    const failure = screen.getByText('Failed to join group').closest('[data-sonner-toast]');
    expect(failure?.getAttribute('data-type')).toBe('error');
  });

  it('is closed by its close button', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Code copied!' });
    });
    const close = await screen.findByRole('button', { name: 'Close notification' });
    act(() => {
      close.click();
    });
    await waitFor(() => {
      expect(screen.queryByText('Code copied!')).toBeNull();
    });
  });
});
