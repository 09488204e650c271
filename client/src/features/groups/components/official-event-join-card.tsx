import { Trophy } from 'lucide-react';
import type { UserGroupSummary } from '@shared/contract/users';
import { Button } from '@client/components/ui/button';

interface OfficialEventJoinCardProps {
  event: UserGroupSummary;
  onJoin: (event: UserGroupSummary) => void;
}

export function OfficialEventJoinCard({ event, onJoin }: OfficialEventJoinCardProps) {
  const titleId = `official-event-${event.id}`;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-4 rounded-xl bg-navy p-5 text-navy-foreground shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gold text-gold-foreground">
          <Trophy className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-bold tracking-widest text-gold uppercase">Official Event</p>
          <h3 id={titleId} className="line-clamp-2 text-lg leading-snug font-bold wrap-anywhere">
            {event.name}
          </h3>
        </div>
      </div>
      <p className="text-sm text-navy-muted">
        Compete with players everywhere for prizes. Joining needs your Discord or Reddit username so
        winners can be contacted.
      </p>
      <Button
        type="button"
        className="mt-auto w-full bg-gold text-gold-foreground hover:bg-gold/85 focus-visible:ring-gold focus-visible:ring-offset-navy sm:w-auto sm:self-start"
        aria-describedby={titleId}
        onClick={() => {
          onJoin(event);
        }}
      >
        Join Event
      </Button>
    </article>
  );
}
