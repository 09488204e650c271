import { SmilePlus } from 'lucide-react';
import { useState } from 'react';
import type { ReactionCount } from '@shared/contract/conversation';
import { REACTIONS, REACTION_EMOJI, type ReactionName } from '@shared/domain/conversation';
import { cn } from '@client/lib/cn';

interface ReactionBarProps {
  reactions: readonly ReactionCount[];
  /** For the buttons' names ("React to Max's comment"). */
  subject: string;
  onToggle: (name: ReactionName, on: boolean) => void;
  disabled?: boolean;
}

const chip =
  'inline-flex min-h-9 items-center gap-1 rounded-full border px-2.5 text-sm transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60';

export function ReactionBar({ reactions, subject, onToggle, disabled }: ReactionBarProps) {
  const [choosing, setChoosing] = useState(false);
  const mine = new Set(reactions.filter((reaction) => reaction.mine).map(({ name }) => name));
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {reactions.map((reaction) => (
        <button
          key={reaction.name}
          type="button"
          aria-pressed={reaction.mine}
          aria-label={`${reaction.name}, ${reaction.count}`}
          disabled={disabled}
          onClick={() => onToggle(reaction.name, !reaction.mine)}
          className={cn(
            chip,
            reaction.mine
              ? 'border-primary bg-primary-soft text-primary-soft-foreground'
              : 'border-border bg-card hover:bg-muted',
          )}
        >
          <span aria-hidden>{REACTION_EMOJI[reaction.name]}</span>
          <span className="font-semibold tabular-nums">{reaction.count}</span>
        </button>
      ))}
      <button
        type="button"
        aria-expanded={choosing}
        aria-label={`React to ${subject}`}
        onClick={() => setChoosing((value) => !value)}
        className={cn(chip, 'border-dashed border-border text-muted-foreground hover:bg-muted')}
      >
        <SmilePlus className="size-4" aria-hidden />
      </button>
      {choosing ? (
        <div role="group" aria-label="Reactions" className="flex flex-wrap gap-1">
          {REACTIONS.map((name) => (
            <button
              key={name}
              type="button"
              aria-label={name}
              aria-pressed={mine.has(name)}
              disabled={disabled}
              onClick={() => {
                onToggle(name, !mine.has(name));
                setChoosing(false);
              }}
              className={cn(
                chip,
                'px-2 text-lg',
                mine.has(name)
                  ? 'border-primary bg-primary-soft'
                  : 'border-border bg-card hover:bg-muted',
              )}
            >
              <span aria-hidden>{REACTION_EMOJI[name]}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
