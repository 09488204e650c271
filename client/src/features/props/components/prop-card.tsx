import { Settings2 } from 'lucide-react';
import { Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import type { Prop } from '@shared/contract/props';
import { toDate, type GroupLockSettings } from '@shared/domain/lock-state';
import { expiryBadgeOf, lockLabelOf, pickDeadlineOf } from '@shared/domain/prop-display';
import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { cn } from '@client/lib/cn';
import { errorMessage } from '@client/lib/form-errors';
import { formatDateTime } from '@client/lib/format';
import { lazyNamed } from '@client/lib/lazy-named';
import { unsavedPick, usePick, withMyPick } from '../api/prop-mutations';
import { liveLockStateOf } from '../live-lock';
import { PickOptions } from './pick-options';
import { PropGameInfo } from './prop-game';

const PropToolsPanel = lazyNamed(() => import('./prop-tools-panel'), 'PropToolsPanel');

interface PropCardProps {
  prop: Prop;
  group: GroupLockSettings;
  /** The card re-judges its lock and badge whenever it moves. */
  now: Date;
  scope: { groupId: number; userId: number };
  /** So the card reads as "game: prop". */
  gameHeadingId?: string;
  children?: ReactNode;
  spectator?: boolean;
}

const formatMoment = (moment: Date) => formatDateTime(moment.toISOString());

/**
 * The pick shows at once and the card says "Saving…", then "Saved ✓"; a refusal puts the
 * old pick back and says why. The tapped option is kept on the card itself so the click's
 * own render shows it, before TanStack Query's later cache update; it stands until its own
 * request is answered (picks on one prop go out one after another, so an earlier tap's
 * answer must not flash back).
 */
export function PropCard({
  prop,
  group,
  now,
  scope,
  gameHeadingId,
  children,
  spectator = false,
}: PropCardProps) {
  const pick = usePick(scope, prop);
  const [tapped, setTapped] = useState<string | null>(null);
  const local = tapped !== null && tapped !== prop.myPick?.selectedOption ? tapped : null;
  const shown = useMemo(
    () => (local === null ? prop : withMyPick(prop, unsavedPick(prop.myPick, local))),
    [prop, local],
  );
  const status: PickStatus =
    local !== null || pick.isPending
      ? { kind: 'saving' }
      : pick.isError
        ? { kind: 'failed', message: errorMessage(pick.error) }
        : pick.isSuccess
          ? { kind: 'saved' }
          : null;
  return (
    <PropCardView
      prop={shown}
      group={group}
      now={now}
      status={status}
      gameHeadingId={gameHeadingId}
      spectator={spectator}
      onPick={(option) => {
        setTapped(option);
        pick.mutate(
          { propId: prop.id, option },
          {
            // Called for the last tap only (TanStack Query drops an earlier mutate's callbacks).
            onSettled: () => {
              setTapped(null);
            },
          },
        );
      }}
      tools={(locked) => (
        <PropTools prop={prop} locked={locked} scope={scope} group={group} now={now} />
      )}
    >
      {children}
    </PropCardView>
  );
}

export type PickStatus =
  { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string } | null;

interface PropCardViewProps {
  prop: Prop;
  group: GroupLockSettings;
  /** The card re-judges its lock and badge whenever it moves. */
  now: Date;
  status: PickStatus;
  onPick: (option: string) => void;
  gameHeadingId?: string;
  tools?: (locked: boolean) => ReactNode;
  children?: ReactNode;
  spectator?: boolean;
}

/**
 * Without saving anything: the group page wraps it with the server's pick call, the demo
 * group with picks kept in the page. Compact on purpose (a 300-prop sheet stays light).
 */
export function PropCardView({
  prop,
  group,
  now,
  status,
  onPick,
  gameHeadingId,
  tools,
  children,
  spectator = false,
}: PropCardViewProps) {
  const questionId = useId();
  const lock = liveLockStateOf(prop, group, now);
  const closed = lock.locked || spectator;
  // Product rules §4: a decided prop the viewer did not pick is a loss, unless a line
  // change reset their pick.
  const lostUnpicked =
    !spectator && prop.outcome === 'loss' && prop.myPick === null && !prop.pickReset;
  return (
    <article
      aria-labelledby={gameHeadingId ? `${gameHeadingId} ${questionId}` : questionId}
      // The anchor a reminder opens (`/group/7#prop-41`).
      id={`prop-${prop.id}`}
      data-prop-id={prop.id}
      data-unpicked={!closed && !prop.myPick ? '' : undefined}
      className={cn(
        'grid gap-2 rounded-lg border p-3',
        lostUnpicked ? 'border-destructive bg-destructive-soft' : 'border-border bg-card',
      )}
    >
      <p
        id={questionId}
        className="text-sm leading-snug font-semibold wrap-anywhere whitespace-pre-line"
      >
        {prop.description}
      </p>
      {prop.game ? (
        <PropGameInfo sport={prop.sport} description={prop.description} game={prop.game} />
      ) : null}
      <PickOptions prop={prop} locked={closed} onPick={onPick} />
      <StatusLine prop={prop} lock={lock} now={now} status={status} spectator={spectator} />
      {children}
      {tools?.(lock.locked)}
    </article>
  );
}

function StatusLine({
  prop,
  lock,
  now,
  status,
  spectator,
}: {
  prop: Prop;
  lock: ReturnType<typeof liveLockStateOf>;
  now: Date;
  status: PickStatus;
  spectator: boolean;
}) {
  const expiry = expiryBadgeOf(pickDeadlineOf(lock), now);
  // The game's time is in the heading above; a lock at another time is named.
  const lockAt = lock.at?.getTime();
  const lockIsGameTime = lockAt !== undefined && lockAt === toDate(prop.gameDate)?.getTime();
  const lockText = lock.locked || !lockIsGameTime ? lockLabelOf(lock, formatMoment) : null;
  const when = [lockText, expiry?.text].filter(Boolean).join(' · ');
  const pickText = spectator
    ? { text: 'You run this event: no picks', tone: undefined }
    : pickTextOf(prop, lock.locked, status);
  return (
    <p className="flex flex-wrap items-center justify-between gap-x-3 text-xs font-medium text-muted-foreground">
      <span
        aria-live="polite"
        className={cn(
          pickText.tone === 'good' && 'font-bold text-primary',
          pickText.tone === 'bad' && 'font-bold text-destructive',
        )}
      >
        {pickText.text}
      </span>
      {when ? (
        <span
          data-testid="lock-label"
          className={cn(expiry?.variant === 'destructive' && 'font-bold text-destructive')}
        >
          {when}
        </span>
      ) : null}
    </p>
  );
}

function pickTextOf(
  prop: Prop,
  locked: boolean,
  status: PickStatus,
): { text: string; tone?: 'good' | 'bad' } {
  if (status?.kind === 'failed') return { text: `Not saved: ${status.message}`, tone: 'bad' };
  if (status?.kind === 'saving') return { text: 'Saving…' };
  const reset = lineChangeTextOf(prop, locked);
  if (reset) return reset;
  switch (prop.outcome) {
    case 'win':
      return { text: '✓ Correct', tone: 'good' };
    case 'loss':
      return { text: prop.myPick ? '✗ Incorrect' : '✗ Lost: no pick', tone: 'bad' };
    case 'void':
      return { text: 'Void: counts for no one' };
    case 'pending':
      if (locked) return { text: 'Pending' };
      return status?.kind === 'saved' ? { text: 'Saved ✓', tone: 'good' } : { text: 'Picked' };
    case 'unpicked':
      return { text: locked ? 'No pick' : 'Not picked yet' };
    case 'exempt':
      return { text: 'Not counted: it locked before you joined' };
  }
}

/** Drawn only when Manage is pressed, so a leader's 300-prop sheet stays as light as a member's. */
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
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const canManage = (prop.canEdit || prop.canDelete) && !locked;
  if (!prop.canSetResult && !canManage) return null;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <Settings2 aria-hidden />
        Manage
      </Button>
      {open ? (
        <div id={panelId} className="border-t border-border pt-2">
          {/* Loaded the first time a card's tools open. */}
          <Suspense fallback={<LoadingState className="py-2" />}>
            <PropToolsPanel
              prop={prop}
              scope={scope}
              group={group}
              now={now}
              canManage={canManage}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

/** The viewer's pick was reset by a line or options change and not made again. */
function lineChangeTextOf(
  prop: Prop,
  locked: boolean,
): { text: string; tone?: 'good' | 'bad' } | null {
  if (!prop.pickReset || prop.myPick) return null;
  const had = prop.pickReset.previousOption;
  if (prop.outcome === 'void') return null;
  if (prop.result !== null)
    return { text: `The line changed after your pick (${had}): not counted` };
  if (locked) return { text: `The line changed: your pick (${had}) was removed`, tone: 'bad' };
  return { text: `The line changed: pick again (you had ${had})`, tone: 'bad' };
}
