import { useId, useState, type ReactNode } from 'react';
import type { Prop } from '@shared/contract/props';
import { contrarianCallout, pickShares, totalPicksOf } from '@shared/domain/reveal';
import { cn } from '@client/lib/cn';
import { usePickers, usePropPicks } from '../api/reveal';
import { NudgeButton } from './nudge-button';

interface PropRevealProps {
  prop: Prop;
  groupId: number;
  viewerId: number;
  /** Members who play (the "of 20"). */
  memberCount: number;
  locked: boolean;
}

/**
 * While open: how many have picked and, on request, who has and who has not (never what).
 * Once locked: a bar per option, a callout when few picked as the viewer did, who picked what.
 */
export function PropReveal({ prop, groupId, viewerId, memberCount, locked }: PropRevealProps) {
  if (!locked) {
    return (
      <WhoHasPicked prop={prop} groupId={groupId} viewerId={viewerId} memberCount={memberCount} />
    );
  }
  if (!prop.pickSplit) return null;
  return <PickSplitView prop={prop} groupId={groupId} split={prop.pickSplit} />;
}

function Disclosure({
  label,
  children,
}: {
  label: ReactNode;
  children: (open: boolean) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          setOpen((value) => !value);
        }}
        className="-mx-1 min-h-11 justify-self-start rounded px-1 text-left text-xs font-medium text-muted-foreground underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {label}
      </button>
      {open ? (
        <div id={panelId} className="text-xs">
          {children(open)}
        </div>
      ) : null}
    </div>
  );
}

function WhoHasPicked({ prop, groupId, viewerId, memberCount }: Omit<PropRevealProps, 'locked'>) {
  const total = Math.max(memberCount, prop.pickCount);
  return (
    <Disclosure
      label={
        <span data-testid="pick-count">
          {prop.pickCount} of {total} have picked
        </span>
      }
    >
      {(open) => <PickersList groupId={groupId} propId={prop.id} viewerId={viewerId} open={open} />}
    </Disclosure>
  );
}

function PickersList({
  groupId,
  propId,
  viewerId,
  open,
}: {
  groupId: number;
  propId: number;
  viewerId: number;
  open: boolean;
}) {
  const pickers = usePickers(groupId, propId, open);
  if (pickers.isPending) return <p className="text-muted-foreground">Loading…</p>;
  if (pickers.isError) return <p className="text-destructive">{pickers.error.message}</p>;
  const names = (list: { displayName: string }[]) =>
    list.length === 0 ? 'nobody' : list.map((member) => member.displayName).join(', ');
  const others = pickers.data.notPicked.filter((member) => member.userId !== viewerId);
  return (
    <div className="grid gap-1">
      <dl className="grid gap-1">
        <div>
          <dt className="inline font-semibold">Picked: </dt>
          <dd className="inline wrap-anywhere">{names(pickers.data.picked)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Not yet: </dt>
          <dd className="inline wrap-anywhere">{names(pickers.data.notPicked)}</dd>
        </div>
      </dl>
      {others.length > 0 ? (
        <ul className="mt-1 grid gap-1" aria-label="Nudge who has not picked">
          {others.map((member) => (
            <li key={member.userId} className="flex items-center justify-between gap-3">
              <span className="min-w-0 wrap-anywhere">{member.displayName}</span>
              <NudgeButton groupId={groupId} member={member} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PickSplitView({
  prop,
  groupId,
  split,
}: {
  prop: Prop;
  groupId: number;
  split: Record<string, number>;
}) {
  const values = prop.options.map((option) => option.value);
  const shares = pickShares(split, values);
  const total = totalPicksOf(split);
  const mine = prop.myPick?.selectedOption ?? null;
  const myLabel = prop.options.find((option) => option.value === mine)?.label ?? mine ?? '';
  const callout = contrarianCallout(split, mine, myLabel);
  return (
    <div className="grid gap-2" data-testid="pick-split">
      <ul className="grid gap-1" aria-label="How the group picked">
        {prop.options.map((option, index) => {
          const count = split[option.value] ?? 0;
          const percent = Math.round((shares[index] ?? 0) * 100);
          return (
            <li key={option.value} className="grid gap-0.5 text-xs">
              <span className="flex justify-between gap-2">
                <span className={cn('min-w-0 wrap-anywhere', option.value === mine && 'font-bold')}>
                  {option.label}
                </span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {count} · {percent}%
                </span>
              </span>
              <span aria-hidden className="block h-1.5 overflow-hidden rounded-full bg-muted">
                <span
                  className={cn(
                    'block h-full rounded-full',
                    option.value === prop.result ? 'bg-primary' : 'bg-muted-foreground/60',
                  )}
                  style={{ width: `${percent}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
      {callout ? <p className="text-xs font-semibold text-primary">{callout}</p> : null}
      {total > 0 ? (
        <Disclosure label="Who picked what">
          {(open) => <PicksList prop={prop} groupId={groupId} open={open} />}
        </Disclosure>
      ) : null}
    </div>
  );
}

function PicksList({ prop, groupId, open }: { prop: Prop; groupId: number; open: boolean }) {
  const picks = usePropPicks(groupId, prop.id, open);
  if (picks.isPending) return <p className="text-muted-foreground">Loading…</p>;
  if (picks.isError) return <p className="text-destructive">{picks.error.message}</p>;
  return (
    <dl className="grid gap-1" data-testid="who-picked-what">
      {prop.options.map((option) => {
        const names = picks.data
          .filter((pick) => pick.selectedOption === option.value)
          .map((pick) => pick.displayName);
        if (names.length === 0) return null;
        return (
          <div key={option.value}>
            <dt className="inline font-semibold">{option.label}: </dt>
            <dd className="inline wrap-anywhere">{names.join(', ')}</dd>
          </div>
        );
      })}
    </dl>
  );
}
