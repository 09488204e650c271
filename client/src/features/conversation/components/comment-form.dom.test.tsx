import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommentBody } from '@shared/contract/conversation';
import { Toaster } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api-client';
import { dismissToast } from '@client/lib/toast';
import { CommentForm } from './comment-form';

afterEach(() => {
  act(() => {
    dismissToast();
  });
});

function renderForm(answer: (body: CommentBody) => Promise<unknown>) {
  const sent: CommentBody[] = [];
  render(
    <>
      <CommentForm
        label="Add a comment"
        hint="Sealed until the prop locks."
        submitLabel="Post"
        failureTitle="Failed to post comment"
        onSubmit={(body) => {
          sent.push(body);
          return answer(body);
        }}
      />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup(), sent };
}

const TOO_FAST = 'You can post 10 comments a minute. Please wait 30 seconds and try again.';
const field = () => screen.getByLabelText('Add a comment');
const post = () => screen.getByRole('button', { name: 'Post' });

describe('the comment form', () => {
  it('refuses an empty or a 501-character comment under the field and in a toast, sending nothing', async () => {
    const { user, sent } = renderForm(() => Promise.resolve());
    await user.click(post());
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    expect(screen.getAllByText('Write something first').length).toBeGreaterThan(0);
    expect(field().getAttribute('aria-invalid')).toBe('true');

    await user.click(field());
    await user.paste('x'.repeat(501));
    expect(screen.getByText('-1 characters left')).toBeTruthy();
    await user.click(post());
    // Under the field, and in the toast a frame later.
    await waitFor(() => {
      expect(screen.getAllByText('A comment can be at most 500 characters')).toHaveLength(2);
    });
    expect(sent).toEqual([]);
  });

  it('sends the trimmed text and empties the field', async () => {
    const { user, sent } = renderForm(() => Promise.resolve());
    await user.type(field(), '  Over is free money  ');
    await user.click(post());
    expect(sent).toEqual([{ body: 'Over is free money' }]);
    expect((field() as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('500 characters left')).toBeTruthy();
  });

  it('keeps what was typed while the last comment was on its way', async () => {
    let answered = () => undefined as void;
    const { user, sent } = renderForm(
      () =>
        new Promise<void>((resolve) => {
          answered = resolve;
        }),
    );
    await user.type(field(), 'First');
    await user.click(post());
    await user.clear(field());
    await user.type(field(), 'Second');
    await act(async () => {
      answered();
      await Promise.resolve();
    });
    expect(sent).toEqual([{ body: 'First' }]);
    expect((field() as HTMLTextAreaElement).value).toBe('Second');
  });

  it("shows the server's refusal in the spec's toast and keeps the text", async () => {
    const { user } = renderForm(() =>
      Promise.reject(new ApiError(429, TOO_FAST, { message: TOO_FAST })),
    );
    await user.type(field(), 'One more');
    await user.click(post());
    expect(await screen.findByText('Failed to post comment')).toBeTruthy();
    expect(screen.getByText(/Please wait 30 seconds/)).toBeTruthy();
    expect((field() as HTMLTextAreaElement).value).toBe('One more');
  });
});
