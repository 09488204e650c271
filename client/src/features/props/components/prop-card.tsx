import {
  CalendarDays,
  CircleCheck,
  CircleX,
  Clock,
  Lock,
  LockOpen,
  MinusCircle,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { Prop } from '@shared/contract/props';
import { toDate, type GroupLockSettings } from '@shared/domain/lock-state';
import {
  expiryBadgeOf,
  lockLabelOf,
  noGameDateLabel,
  pickDeadlineOf,
} from '@shared/domain/prop-display';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import { errorMessage } from '@client/lib/form-errors';
import { formatDateTime } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import { usePick } from '../api/prop-mutations';
import { liveLockStateOf } from '../live-lock';
import { sportDisplayOf } from '@client/lib/sport-display';
import { EditCustomPropDialog } from './custom-prop-dialogs';
import { DeletePropButton } from './delete-prop-button';
import { PickOptions } from './pick-options';
import { PropResultControls } from './prop-result-controls';
import { SportBadge } from '@client/components/sport/sport-badge';

interface PropCardProps {
  prop: Prop;
  group: GroupLockSettings;
  /** The page's clock: the card re-judges its lock and badge whenever it moves. */
  now: Date;
  scope: { groupId: number; userId: number };
}

const formatMoment = (moment: Date) => formatDateTime(moment.toISOString());

/** One prop on the group page, wired to the server: picks are saved, tools act on the prop. */
export function PropCard({ prop, group, now, scope }: PropCardProps) {
  const pick = usePick(scope);

  const choose = async (option: string) => {
    try {
      await pick.mutateAsync({ propId: prop.id, option });
    } catch (error) {
      toast({
        title: 'Failed to save pick',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <PropCardView
      prop={prop}
      group={group}
      now={now}
      pendingOption={pick.isPending ? pick.variables.option : null}
      onPick={(option) => void choose(option)}
      tools={(locked) => (
        <PropTools prop={prop} locked={locked} scope={scope} group={group} now={now} />
      )}
    />
  );
}

interface PropCardViewProps {
  prop: Prop;
  group: GroupLockSettings;
  /** The page's clock: the card re-judges its lock and badge whenever it moves. */
  now: Date;
  /** The option being saved right now, if any: every pick button waits for it. */
  pendingOption: string | null;
  onPick: (option: string) => void;
  /** The leader's and creator's tools at the card's foot, given whether picks are closed. */
  tools?: (locked: boolean) => ReactNode;
}

/**
 * What a prop card shows, without saving anything: the group page wraps it with the
 * server's pick call (PropCard), and the demo group with picks kept in the page.
 */
export function PropCardView({
  prop,
  group,
  now,
  pendingOption,
  onPick,
  tools,
}: PropCardViewProps) {
  const titleId = useId();
  const lock = liveLockStateOf(prop, group, now);
  const expiry = expiryBadgeOf(pickDeadlineOf(lock), now);
  const lockLabel = lockLabelOf(lock, formatMoment);
  // A decided prop the viewer did not pick counts as a loss (decision 0006): spec §4's red 'lost' styling.
  const lostUnpicked = prop.outcome === 'loss' && prop.myPick === null;
  // Under game locks the lock line already gives the game's time.
  const gameTime = toDate(prop.gameDate)?.getTime();
  const gameTimeInLockLabel =
    lock.reason === 'locks_at' && gameTime !== undefined && lock.at?.getTime() === gameTime;

  return (
    <article
      aria-labelledby={titleId}
      // The anchor a reminder opens (`/group/7#prop-41`), clear of the sticky header.
      id={`prop-${prop.id}`}
      className={cn(
        'flex h-full min-w-0 scroll-mt-24 flex-col overflow-hidden rounded-xl border bg-card shadow-sm',
        lostUnpicked ? 'border-destructive bg-destructive-soft' : 'border-border',
      )}
    >
      <div className={cn('h-1.5', sportDisplayOf(prop.sport).accentClassName)} aria-hidden />
      <div className="grid flex-1 content-start gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <SportBadge sport={prop.sport} />
          {expiry ? (
            <Badge variant={expiry.variant}>
              <Clock aria-hidden />
              {expiry.text}
            </Badge>
          ) : null}
          <OutcomeBadge prop={prop} locked={lock.locked} />
        </div>

        <div className="grid gap-1">
          <h3 id={titleId} className="text-base leading-snug font-bold break-words">
            {prop.title}
          </h3>
          <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
            {prop.description}
          </p>
        </div>

        <ul className="grid gap-1 text-sm text-muted-foreground">
          {gameTimeInLockLabel ? null : (
            <InfoLine icon={<CalendarDays aria-hidden />}>
              {prop.gameDate ? formatDateTime(prop.gameDate) : noGameDateLabel(prop.sport)}
            </InfoLine>
          )}
          {lockLabel ? (
            <InfoLine
              icon={lock.locked ? <Lock aria-hidden /> : <LockOpen aria-hidden />}
              className={lock.locked ? 'font-semibold text-foreground' : undefined}
            >
              <span data-testid="lock-label">{lockLabel}</span>
            </InfoLine>
          ) : null}
        </ul>

        <PickOptions
          prop={prop}
          locked={lock.locked}
          pendingOption={pendingOption}
          onPick={onPick}
        />

        {tools?.(lock.locked)}
      </div>
    </article>
  );
}

/** Result, edit and delete, for those allowed (edit and delete only while picks are open). */
function PropTools({
  prop,
  locked,
  scope,
  group,
  now,
}: {
  prop: Prop;
  locked: boolean;
  scope: { groupId: number; userId: number };
  group: GroupLockSettings;
  now: Date;
}) {
  const canManage = (prop.canEdit || prop.canDelete) && !locked;
  if (!prop.canSetResult && !canManage) return null;
  const manageButtons = canManage ? (
    <>
      {prop.canEdit ? <EditCustomPropDialog prop={prop} scope={scope} /> : null}
      {prop.canDelete ? <DeletePropButton prop={prop} scope={scope} /> : null}
    </>
  ) : null;
  return (
    <div className="mt-1 border-t border-border pt-3">
      {prop.canSetResult ? (
        <PropResultControls
          key={prop.result ?? ''}
          prop={prop}
          scope={scope}
          group={group}
          now={now}
        >
          {manageButtons}
        </PropResultControls>
      ) : (
        <div className="flex flex-wrap gap-2">{manageButtons}</div>
      )}
    </div>
  );
}

function InfoLine({
  icon,
  className,
  children,
}: {
  icon: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={cn('flex items-center gap-2 [&_svg]:size-4 [&_svg]:shrink-0', className)}>
      {icon}
      {children}
    </li>
  );
}

/** Spec §4 'Pick outcome', in words: colour only repeats what the badge says. */
function OutcomeBadge({ prop, locked }: { prop: Prop; locked: boolean }) {
  switch (prop.outcome) {
    case 'win':
      return (
        <Badge>
          <CircleCheck aria-hidden />
          Correct
        </Badge>
      );
    case 'loss':
      return (
        <Badge variant="destructive">
          <CircleX aria-hidden />
          {prop.myPick ? 'Incorrect' : 'Lost: no pick'}
        </Badge>
      );
    case 'pending':
      return (
        <Badge variant="outline">
          <Clock aria-hidden />
          Pending
        </Badge>
      );
    case 'void':
      return (
        <Badge variant="neutral">
          <MinusCircle aria-hidden />
          Voided
        </Badge>
      );
    case 'unpicked':
      return locked ? <Badge variant="neutral">No pick</Badge> : null;
  }
}
