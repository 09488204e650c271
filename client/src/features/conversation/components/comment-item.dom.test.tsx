import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comment } from '@shared/contract/conversation';
import { COMMENT_EDIT_WINDOW_MS } from '@shared/domain/conversation';
import { CommentItem } from './comment-item';

function ownComment(writtenMsAgo: number): Comment {
  return {
    id: 1,
    propId: null,
    author: { userId: 7, displayName: 'Ann' },
    body: 'Bills by a field goal',
    removed: false,
    sealed: false,
    createdAt: new Date(Date.now() - writtenMsAgo).toISOString(),
    editedAt: null,
    pick: null,
    reactions: [],
    canEdit: true,
    canDelete: true,
  };
}

function renderComment(comment: Comment) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <CommentItem comment={comment} topic={{ groupId: 1, propId: null }} />
      </ul>
    </QueryClientProvider>,
  );
}

describe('a comment of the viewer', () => {
  it('offers Edit until its edit window closes, then only Delete', async () => {
    renderComment(ownComment(COMMENT_EDIT_WINDOW_MS - 300));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    await waitFor(
      () => {
        expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
      },
      { timeout: 3000 },
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('offers no Edit once the window has closed, whatever the server said when it was read', () => {
    renderComment(ownComment(COMMENT_EDIT_WINDOW_MS + 1000));
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
