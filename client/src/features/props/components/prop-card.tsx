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

const PropToolsPanel = lazyNamed(() => import('./prop-tools-panel'), 'PropToolsPanel');

interface PropCardProps {
  prop: Prop;
  group: GroupLockSettings;
  /** The page's clock: the card re-judges its lock and badge whenever it moves. */
  now: Date;
  scope: { groupId: number; userId: number };
  /** The id of the game's heading, so the card reads as "game: prop". */
  gameHeadingId?: string;
  /** More to show under the options (the live reveal: split bars, who picked what). */
  children?: ReactNode;
}

const formatMoment = (moment: Date) => formatDateTime(moment.toISOString());

/**
 * One prop on the group page, wired to the server. The pick shows at once (optimistic,
 * decision 0016) and the card says "Saving…", then "Saved ✓"; a refusal puts the old pick
 * back and says why on the card itself (a toast says it too).
 *
 * "At once" is the click's own event (decision 0028): the tapped option is kept on the
 * card itself, so React's flush at the end of the click re-renders this one card, before
 * the mutation's cache update (which TanStack Query delivers in a later task) reaches the
 * list. The last tap stands until its own request is answered: picks on one prop go out
 * one after another, so tapping A then B had A's answer reach the cache while B waited
 * its turn, and the card showed A again for a moment. Where the cache already shows the
 * tapped option (the optimistic pick, then the saved one), the cache is what shows.
 */
export function PropCard({ prop, group, now, scope, gameHeadingId, children }: PropCardProps) {
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
      onPick={(option) => {
        setTapped(option);
        pick.mutate(
          { propId: prop.id, option },
          {
            // Called for the last tap only (TanStack Query drops an earlier mutate's own
            // callbacks): its answer is in the cache, or the refusal's rollback is.
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

/** What became of the viewer's last tap on this card during this visit. */
export type PickStatus =
  { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string } | null;

interface PropCardViewProps {
  prop: Prop;
  group: GroupLockSettings;
  /** The page's clock: the card re-judges its lock and badge whenever it moves. */
  now: Date;
  status: PickStatus;
  onPick: (option: string) => void;
  gameHeadingId?: string;
  /** The leader's and creator's tools at the card's foot, given whether picks are closed. */
  tools?: (locked: boolean) => ReactNode;
  /** A slot under the options for what other features show about the prop. */
  children?: ReactNode;
}

/**
 * What a prop card shows, without saving anything: the group page wraps it with the
 * server's pick call (PropCard), and the demo group with picks kept in the page. It is
 * compact on purpose (a 300-prop sheet stays light): the game's title, time and sport are
 * in the heading above it, the card holds the question, the option buttons and one line
 * of status.
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
}: PropCardViewProps) {
  const questionId = useId();
  const lock = liveLockStateOf(prop, group, now);
  // A decided prop the viewer did not pick counts as a loss (decision 0006): product rules §4's red 'lost' styling.
  // A pick reset by a line change that was not made again is not counted (decision 0020).
  const lostUnpicked = prop.outcome === 'loss' && prop.myPick === null && !prop.pickReset;
  return (
    <article
      aria-labelledby={gameHeadingId ? `${gameHeadingId} ${questionId}` : questionId}
      // The anchor a reminder opens (`/group/7#prop-41`), clear of the sticky header.
      id={`prop-${prop.id}`}
      data-prop-id={prop.id}
      data-unpicked={!lock.locked && !prop.myPick ? '' : undefined}
      className={cn(
        'grid gap-2 rounded-lg border p-3',
        lostUnpicked ? 'border-destructive bg-destructive-soft' : 'border-border bg-card',
      )}
    >
      <p
        id={questionId}
        className="text-sm leading-snug font-semibold break-words whitespace-pre-line"
      >
        {prop.description}
      </p>
      <PickOptions prop={prop} locked={lock.locked} onPick={onPick} />
      <StatusLine prop={prop} lock={lock} now={now} status={status} />
      {children}
      {tools?.(lock.locked)}
    </article>
  );
}

/** One line: what became of the pick (or the outcome), and when picks close. */
function StatusLine({
  prop,
  lock,
  now,
  status,
}: {
  prop: Prop;
  lock: ReturnType<typeof liveLockStateOf>;
  now: Date;
  status: PickStatus;
}) {
  const expiry = expiryBadgeOf(pickDeadlineOf(lock), now);
  // The game's time is in the heading above; a lock at another time (a set time) is named.
  const lockAt = lock.at?.getTime();
  const lockIsGameTime = lockAt !== undefined && lockAt === toDate(prop.gameDate)?.getTime();
  const lockText = lock.locked || !lockIsGameTime ? lockLabelOf(lock, formatMoment) : null;
  const when = [lockText, expiry?.text].filter(Boolean).join(' · ');
  const pickText = pickTextOf(prop, lock.locked, status);
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
      return { text: 'Voided' };
    case 'pending':
      if (locked) return { text: 'Pending' };
      return status?.kind === 'saved' ? { text: 'Saved ✓', tone: 'good' } : { text: 'Picked' };
    case 'unpicked':
      return { text: locked ? 'No pick' : 'Not picked yet' };
  }
}

/**
 * Result, edit and delete, for those allowed (edit and delete only while picks are open),
 * behind a Manage button: drawn only when asked for, so a leader's 300-prop sheet stays
 * as light as a member's.
 */
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
          {/* Loaded the first time a card's tools open: a member's first screen does not
              download the edit, result and delete dialogs and their forms. */}
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

/**
 * Decision 0020: the viewer's pick was removed because the line or options changed, and
 * they have not picked again. Said until they do (or, once picks are closed, that the
 * prop does not count for them).
 */
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
