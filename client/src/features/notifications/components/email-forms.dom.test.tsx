import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api-client';
import { dismissToast } from '@client/lib/toast';
import { AddressForm, CodeForm } from './email-forms';

afterEach(() => {
  act(() => {
    dismissToast();
  });
});

describe('the e-mail address form', () => {
  it('refuses an address that is not one, under the field and in a toast, sending nothing', async () => {
    const sent: string[] = [];
    render(
      <>
        <AddressForm
          current={null}
          onSubmit={(email) => {
            sent.push(email);
            return Promise.resolve();
          }}
          onCancel={undefined}
        />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getAllByText('Enter a valid e-mail address')).toHaveLength(2);
    });
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'sam@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(sent).toEqual(['sam@example.org']);
  });
});

describe('the code form', () => {
  it('wants six digits, and shows the server’s refusal under the field', async () => {
    const WRONG = 'That code is not right: 4 tries left';
    const sent: string[] = [];
    render(
      <>
        <CodeForm
          onSubmit={(code) => {
            sent.push(code);
            return Promise.reject(
              new ApiError(422, WRONG, { message: WRONG, fieldErrors: { code: [WRONG] } }),
            );
          }}
          onResend={() => undefined}
          resending={false}
        />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => {
      expect(screen.getAllByText('Enter the six-digit code')).toHaveLength(2);
    });
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Code'), '456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to verify')).toBeTruthy();
    expect(sent).toEqual(['123456']);
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(/That code is not right: 4 tries left/).length).toBeGreaterThan(0);
  });
});
