import { ArrowLeftRight, Flag, Plus, Trash2, Trophy, Wallet, type LucideIcon } from 'lucide-react';
import type { ActivityEvent } from '@shared/contract/activity';
import { formatDateTime } from '@client/lib/format';
import { activityKindOf, activityTextOf, type ActivityKind } from '../activity-text';

const KIND_ICONS: Record<ActivityKind, LucideIcon> = {
  result: Flag,
  payment: Wallet,
  deleted: Trash2,
  new: Plus,
  line: ArrowLeftRight,
  round: Trophy,
};

export function ActivityList({
  events,
  label,
}: {
  events: readonly ActivityEvent[];
  label: string;
}) {
  return (
    <ol aria-label={label} className="grid divide-y divide-border">
      {events.map((event) => {
        const Icon = KIND_ICONS[activityKindOf(event.eventType)];
        return (
          <li key={event.id} className="flex gap-3 py-2.5">
            <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Icon className="size-3.5" aria-hidden />
            </span>
            <span className="grid min-w-0 gap-0.5">
              <span className="text-sm wrap-anywhere">{activityTextOf(event)}</span>
              <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
                {formatDateTime(event.createdAt)}
              </time>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
