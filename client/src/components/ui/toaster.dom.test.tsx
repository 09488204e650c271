import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '@client/lib/toast';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { Toaster } from './toaster';

/** The Toaster with a dialog over the page, open unless said otherwise. */
function ToasterUnderDialog({ title, open = true }: { title: string; open?: boolean }) {
  return (
    <>
      <Toaster />
      <Dialog open={open}>
        <DialogContent>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>A dialog over the page.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The edge of the screen the toast with this text is drawn at ('top' or 'bottom'). */
async function edgeOf(text: string) {
  const toastElement = (await screen.findByText(text)).closest('[data-sonner-toaster]');
  return toastElement?.getAttribute('data-y-position');
}

/** A toast over a page (at the bottom); the render's `rerender` to open a dialog next. */
async function toastOverPage(title: string) {
  const rendered = render(<Toaster />);
  act(() => {
    toast({ title });
  });
  expect(await edgeOf(title)).toBe('bottom');
  return rendered;
}

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
        description: 'Group not found',
        variant: 'destructive',
      });
    });
    expect(await screen.findByText('Group not found')).toBeTruthy();
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

  it('shows over a page at the bottom, and over an open dialog at the top', async () => {
    const { rerender } = await toastOverPage('Joined group successfully!');
    rerender(<ToasterUnderDialog title="Create Custom Prop" />);
    act(() => {
      toast({ title: 'Missing required fields', variant: 'destructive' });
    });
    expect(await edgeOf('Missing required fields')).toBe('top');
  });

  it('closes the toast over a page when a dialog opens: it would cover the dialog’s main button', async () => {
    const { rerender } = await toastOverPage('Group created successfully!');
    rerender(<ToasterUnderDialog title="Generate Props" />);
    await waitFor(() => {
      expect(screen.queryByText('Group created successfully!')).toBeNull();
    });
  });

  it('keeps the toast over a page that renders a closed dialog after it shows', async () => {
    // As the group page does, drawn in steps after the toast of the group just created.
    const { rerender } = await toastOverPage('Group created successfully!');
    rerender(<ToasterUnderDialog title="Generate Props" open={false} />);
    // Long enough for the closed dialog's effects to have run; well within the toast's 5 s.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const shown = screen.getByText('Group created successfully!').closest('[data-sonner-toast]');
    expect(shown?.getAttribute('data-removed')).toBe('false');
  });
});
