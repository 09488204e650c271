import { MessagesSquare } from 'lucide-react';
import { CollapsiblePanel } from '@client/components/ui/collapsible-panel';
import { LoadingState } from '@client/components/ui/loading-state';
import { errorMessage } from '@client/lib/form-errors';
import {
  oldestFirst,
  useConversationSummary,
  useMarkRead,
  usePostComment,
  useThread,
} from '../api/conversation';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { ShowOlderButton } from './show-older-button';
import { UnreadBadge } from './unread-badge';

/** The group thread: closed, one line with what is new; open, the latest page and the box to write in. */
export function ThreadPanel({ groupId }: { groupId: number }) {
  const summary = useConversationSummary(groupId).data?.thread;
  const count = summary?.count ?? 0;
  return (
    <CollapsiblePanel
      title="Banter"
      icon={MessagesSquare}
      description={
        <span className="flex flex-wrap items-center gap-2">
          {count === 0
            ? 'The group chat: trash talk welcome'
            : `${count} ${count === 1 ? 'message' : 'messages'}`}
          <UnreadBadge count={summary?.unread ?? 0} />
        </span>
      }
    >
      <div className="px-5 py-4 sm:px-6">
        <Thread groupId={groupId} />
      </div>
    </CollapsiblePanel>
  );
}

function Thread({ groupId }: { groupId: number }) {
  const topic = { groupId, propId: null };
  const query = useThread(groupId);
  const post = usePostComment(topic);
  const comments = oldestFirst(query.data?.pages);
  useMarkRead(topic, comments.at(-1)?.id);
  return (
    <div className="grid gap-3">
      {query.isPending ? (
        <LoadingState label="Loading messages..." className="py-2" />
      ) : query.isError ? (
        <p className="text-sm text-destructive">{errorMessage(query.error)}</p>
      ) : (
        <>
          <ShowOlderButton query={query}>Show older messages</ShowOlderButton>
          {comments.length > 0 ? (
            <ul className="grid gap-2" aria-label="Messages">
              {comments.map((comment) => (
                <CommentItem key={comment.id} comment={comment} topic={topic} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No messages yet. Start the banter!</p>
          )}
        </>
      )}
      <CommentForm
        label="Message the group"
        submitLabel="Send"
        failureTitle="Failed to send message"
        onSubmit={(body) => post.mutateAsync(body)}
      />
    </div>
  );
}
