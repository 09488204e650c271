import {
  CalendarDays,
  CircleCheck,
  CircleDashed,
  ListTree,
  MinusCircle,
  UsersRound,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { VOID_RESULT } from '@shared/domain/group-stats';
import { Badge } from '@client/components/ui/badge';
import { SportBadge } from '@client/components/sport/sport-badge';
import { sportDisplayOf } from '@client/lib/sport-display';
import { cn } from '@client/lib/cn';
import { formatEasternGameTime } from '../format-game-time';
import type { MergedMasterProp } from '../merge-master-props';
import { MasterResultControl } from './master-result-control';

/** Product rules §2: one master prop (all its copies). */
export function MasterPropCard({ prop }: { prop: MergedMasterProp }) {
  const titleId = useId();
  const gameTime = formatEasternGameTime(prop.gameDate);
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm"
    >
      <div className={cn('h-1.5', sportDisplayOf(prop.sport).accentClassName)} aria-hidden />
      <div className="grid flex-1 content-start gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <SportBadge sport={prop.sport} />
          <ResultBadge
            result={
              prop.result === null
                ? null
                : (prop.link?.labels[prop.options.indexOf(prop.result)] ?? prop.result)
            }
          />
        </div>
        <div className="grid gap-1">
          <h3 id={titleId} className="text-base leading-snug font-bold wrap-anywhere">
            {prop.title}
          </h3>
          <p className="text-sm wrap-anywhere whitespace-pre-line text-muted-foreground">
            {prop.description}
          </p>
        </div>
        <ul className="grid gap-1 text-sm text-muted-foreground">
          <InfoLine icon={<CalendarDays aria-hidden />}>{gameTime ?? 'No game date'}</InfoLine>
          <InfoLine icon={<ListTree aria-hidden />}>
            <span className="sr-only">Options: </span>
            {prop.options.length > 0
              ? (prop.link?.labels ?? prop.options).join(' vs ')
              : 'No options'}
          </InfoLine>
          <InfoLine icon={<UsersRound aria-hidden />}>
            {prop.groupNames.length === 0
              ? 'Not imported by any group'
              : `Imported by ${prop.groupNames.join(', ')}`}
          </InfoLine>
        </ul>
        <div className="mt-auto border-t border-border pt-3">
          <MasterResultControl key={prop.result ?? ''} prop={prop} />
        </div>
      </div>
    </article>
  );
}

function InfoLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2 wrap-anywhere [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
      {icon}
      <span className="min-w-0">{children}</span>
    </li>
  );
}

/** Colour only repeats the words. */
function ResultBadge({ result }: { result: string | null }) {
  if (result === null) {
    return (
      <Badge variant="outline" className="ml-auto">
        <CircleDashed aria-hidden />
        No result
      </Badge>
    );
  }
  if (result === VOID_RESULT) {
    return (
      <Badge variant="neutral" className="ml-auto">
        <MinusCircle aria-hidden />
        Result: N/A
      </Badge>
    );
  }
  return (
    <Badge className="ml-auto max-w-full">
      <CircleCheck aria-hidden />
      <span className="truncate">Result: {result}</span>
    </Badge>
  );
}
