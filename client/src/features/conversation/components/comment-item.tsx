import { Lock, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Comment } from '@shared/contract/conversation';
import { COMMENT_EDIT_WINDOW_MS } from '@shared/domain/conversation';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { clockTime, formatDateTime, monthDay } from '@client/lib/format';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import {
  useEditComment,
  useRemoveComment,
  useToggleReaction,
  type Topic,
} from '../api/conversation';
import { CommentForm } from './comment-form';
import { ReactionBar } from './reaction-bar';

interface CommentItemProps {
  comment: Comment;
  topic: Topic;
  pickLabel?: string | null;
}

export function CommentItem({ comment, topic, pickLabel }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const edit = useEditComment(topic);
  const react = useToggleReaction(topic);
  const author = comment.author.displayName;
  const canEdit = useEditableUntilTheWindowCloses(comment);
  return (
    <li data-comment-id={comment.id} className="grid gap-1.5 rounded-lg bg-muted/60 px-3 py-2">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
        <span className="text-sm font-semibold text-foreground">{author}</span>
        {pickLabel ? (
          <span className="rounded bg-primary-soft px-1.5 py-0.5 font-semibold text-primary-soft-foreground">
            Picked {pickLabel}
          </span>
        ) : null}
        <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
          {chatTime(comment.createdAt)}
        </time>
        {comment.editedAt && !comment.removed ? <span>(edited)</span> : null}
      </p>
      {comment.removed ? (
        <p className="text-sm text-muted-foreground italic">Comment removed</p>
      ) : editing ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          failureTitle="Failed to edit comment"
          defaultBody={comment.body ?? ''}
          onSubmit={async (body) => {
            await edit.mutateAsync({ id: comment.id, body });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        // Text only: a link stays text.
        <p className="text-sm whitespace-pre-wrap wrap-anywhere">{comment.body}</p>
      )}
      {comment.sealed ? (
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <Lock className="size-3" aria-hidden />
          Sealed: the others read it when the prop locks
        </p>
      ) : null}
      {!comment.removed && !comment.sealed && !editing ? (
        <ReactionBar
          reactions={comment.reactions}
          subject={`${author}'s comment`}
          disabled={react.isPending}
          onToggle={(name, on) =>
            react.mutate(
              { target: 'comment', id: comment.id, name, on },
              { onError: (error) => toastRefusal('Failed to react', error) },
            )
          }
        />
      ) : null}
      {!editing && (canEdit || comment.canDelete) ? (
        <div className="flex gap-1">
          {canEdit ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              Edit
            </Button>
          ) : null}
          {comment.canDelete ? <DeleteCommentButton comment={comment} topic={topic} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The server's `canEdit` as read, until the edit window closes: the Edit button leaves then
 * rather than offering an edit the server would refuse.
 */
function useEditableUntilTheWindowCloses(comment: Comment): boolean {
  const closesAt = new Date(comment.createdAt).getTime() + COMMENT_EDIT_WINDOW_MS;
  const [open, setOpen] = useState(() => Date.now() < closesAt);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(
      () => {
        setOpen(false);
      },
      Math.max(0, closesAt - Date.now()),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [open, closesAt]);
  return comment.canEdit && open;
}

/** The clock today, the day and the clock before. */
function chatTime(iso: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return today ? clockTime(date) : `${monthDay(date)}, ${clockTime(date)}`;
}

const toastRefusal = (title: string, error: unknown) =>
  toast({ title, description: errorMessage(error), variant: 'destructive' });

function DeleteCommentButton({ comment, topic }: { comment: Comment; topic: Topic }) {
  const remove = useRemoveComment(topic);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this comment?"
        description="Everyone will see that a comment was removed here."
        confirmLabel="Delete"
        variant="destructive"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: () => setOpen(false),
            onError: (error) => toastRefusal('Failed to delete comment', error),
          })
        }
      />
    </>
  );
}
