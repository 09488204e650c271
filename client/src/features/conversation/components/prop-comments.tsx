import { Lock, MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type {
  PropComments as PropCommentsAnswer,
  RevealedPick,
} from '@shared/contract/conversation';
import type { Prop } from '@shared/contract/props';
import { sealedLabel } from '@shared/domain/conversation';
import { LoadingState } from '@client/components/ui/loading-state';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import {
  oldestFirst,
  useMarkRead,
  usePostComment,
  usePropComments,
  usePropSummary,
  useToggleReaction,
  type Topic,
} from '../api/conversation';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { ReactionBar } from './reaction-bar';
import { ShowOlderButton } from './show-older-button';
import { UnreadBadge } from './unread-badge';

/**
 * Before the lock the viewer sees their own comments and how many others are sealed; from
 * the lock every comment beside its author's pick.
 */
export function PropComments({ prop }: { prop: Prop }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const entry = usePropSummary(prop.groupId, prop.id).data;
  const count = entry?.count ?? 0;
  const sealed = entry?.sealed ?? 0;
  return (
    <div className="grid gap-2 border-t border-border pt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="-mx-1 flex min-h-11 items-center gap-1.5 justify-self-start rounded px-1 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <MessageCircle className="size-4" aria-hidden />
        <span>{count > 0 ? `Comments (${count})` : 'Comments'}</span>
        {sealed > 0 ? (
          <span className="flex items-center gap-0.5">
            <Lock className="size-3" aria-hidden />
            {sealedLabel(sealed)}
          </span>
        ) : null}
        <UnreadBadge count={entry?.unread ?? 0} />
      </button>
      {open ? (
        <div id={panelId}>
          <PropConversation prop={prop} />
        </div>
      ) : null}
    </div>
  );
}

function PropConversation({ prop }: { prop: Prop }) {
  const topic: Topic = { groupId: prop.groupId, propId: prop.id };
  const query = usePropComments(prop.groupId, prop.id);
  const post = usePostComment(topic);
  const newest = query.data?.pages[0];
  const comments = oldestFirst(query.data?.pages);
  // Sealed comments stay unread.
  useMarkRead(topic, newest?.locked ? comments.at(-1)?.id : undefined);
  if (query.isPending) return <LoadingState label="Loading comments..." className="py-2" />;
  if (query.isError || !newest) {
    return <p className="text-sm text-destructive">{errorMessage(query.error)}</p>;
  }
  const labelOf = (value: string) =>
    prop.options.find((option) => option.value === value)?.label ?? value;
  return (
    <div className="grid gap-3">
      {newest.sealedCount > 0 ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Lock className="size-4" aria-hidden />
          {sealedLabel(newest.sealedCount)}: they open with the picks when the prop locks
        </p>
      ) : null}
      <ShowOlderButton query={query}>Show older comments</ShowOlderButton>
      {comments.length > 0 ? (
        <ul className="grid gap-2" aria-label="Comments">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              topic={topic}
              pickLabel={comment.pick === null ? null : labelOf(comment.pick)}
            />
          ))}
        </ul>
      ) : newest.sealedCount === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet</p>
      ) : null}
      {newest.picks && newest.picks.length > 0 ? (
        <RevealedPicks picks={newest.picks} topic={topic} labelOf={labelOf} />
      ) : null}
      <CommentForm
        label="Add a comment"
        hint={
          newest.locked ? undefined : 'Sealed until the prop locks: the others see only a count.'
        }
        submitLabel="Post"
        failureTitle="Failed to post comment"
        onSubmit={(body) => post.mutateAsync(body)}
      />
    </div>
  );
}

function RevealedPicks({
  picks,
  topic,
  labelOf,
}: {
  picks: NonNullable<PropCommentsAnswer['picks']>;
  topic: Topic;
  labelOf: (value: string) => string;
}) {
  const react = useToggleReaction(topic);
  return (
    <section aria-label="Picks" className="grid gap-1.5">
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">Picks</h3>
      <ul className="grid gap-1.5">
        {picks.map((pick: RevealedPick) => (
          <li key={pick.pickId} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-semibold">{pick.displayName}</span>
            <span className="text-muted-foreground">{labelOf(pick.selectedOption)}</span>
            <ReactionBar
              reactions={pick.reactions}
              subject={`${pick.displayName}'s pick`}
              disabled={react.isPending}
              onToggle={(name, on) =>
                react.mutate(
                  { target: 'pick', id: pick.pickId, name, on },
                  {
                    onError: (error) =>
                      toast({
                        title: 'Failed to react',
                        description: errorMessage(error),
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
