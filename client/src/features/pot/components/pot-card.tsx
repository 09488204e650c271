import { PiggyBank } from 'lucide-react';
import type { Pot } from '@shared/contract/pot';
import { formatDollars } from '@shared/domain/pot';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard, SectionEmpty } from '@client/components/ui/section-card';
import { cn } from '@client/lib/cn';
import { usePot } from '../api/pot';

const ordinal = (place: number) => {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  return `${place}${['th', 'st', 'nd', 'rd'][place % 10] ?? 'th'}`;
};

/** Product rules §10 'Pot', beside the board of a group that tracks payment. */
export function PotCard({ groupId, viewerId }: { groupId: number; viewerId: number }) {
  const pot = usePot(groupId);
  if (pot.isError) {
    return (
      <SectionCard title="Pot" icon={PiggyBank}>
        <SectionEmpty title="Failed to fetch the pot">
          <p className="wrap-anywhere">{pot.error.message}</p>
        </SectionEmpty>
      </SectionCard>
    );
  }
  if (pot.isPending) {
    return (
      <SectionCard title="Pot" icon={PiggyBank}>
        <LoadingState className="py-6" />
      </SectionCard>
    );
  }
  if (pot.data.entryCents === 0 && pot.data.weeklyPrizeCents === 0) return null;
  return <PotCardView pot={pot.data} viewerId={viewerId} />;
}

export function PotCardView({ pot, viewerId }: { pot: Pot; viewerId: number }) {
  return (
    <SectionCard title="Pot" icon={PiggyBank}>
      <div className="grid gap-4 text-sm">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
          <dt>
            Pot{' '}
            <span className="text-muted-foreground">
              ({formatDollars(pot.entryCents)} × {pot.paidMembers} paid)
            </span>
          </dt>
          <dd className="text-right text-base font-bold" data-testid="pot-total">
            {formatDollars(pot.potCents)}
          </dd>
          {pot.weeklyPrizeCents > 0 ? (
            <>
              <dt>
                Weekly prizes won{' '}
                <span className="text-muted-foreground">
                  ({formatDollars(pot.weeklyPrizeCents)} a week)
                </span>
              </dt>
              <dd className="text-right font-semibold">{formatDollars(pot.weeklyPrizesCents)}</dd>
            </>
          ) : null}
          <dt>Season pool</dt>
          <dd className="text-right font-semibold">{formatDollars(pot.seasonPoolCents)}</dd>
        </dl>

        {pot.weeklyPrizes.length > 0 ? (
          <div className="grid gap-1">
            <h3 className="text-xs font-semibold text-muted-foreground uppercase">Weekly prizes</h3>
            <ul className="grid gap-1">
              {pot.weeklyPrizes.map((round) => (
                <li key={round.roundId} className="flex justify-between gap-3">
                  <span className="shrink-0 font-medium">{round.label}</span>
                  <span className="min-w-0 text-right wrap-anywhere">
                    {round.winners.length === 0
                      ? 'No winner'
                      : round.winners
                          .map((winner) => `${winner.displayName} ${formatDollars(winner.cents)}`)
                          .join(', ')}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {pot.places.length > 0 ? (
          <div className="grid gap-1">
            <h3 className="text-xs font-semibold text-muted-foreground uppercase">
              Projected payouts
            </h3>
            <ul
              aria-label="Places"
              className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground"
            >
              {pot.places.map((place) => (
                <li key={place.place}>
                  {ordinal(place.place)} {place.sharePercent}% · {formatDollars(place.amountCents)}
                </li>
              ))}
            </ul>
            {pot.payouts.length > 0 ? (
              <ol aria-label="Projected payouts" className="grid divide-y divide-border">
                {pot.payouts.map((payout) => (
                  <li
                    key={payout.user.id}
                    className={cn(
                      'flex items-center gap-3 rounded-md px-1 py-1.5',
                      payout.user.id === viewerId && 'bg-primary-soft',
                    )}
                  >
                    <span className="w-8 shrink-0 text-muted-foreground tabular-nums">
                      {ordinal(payout.position)}
                    </span>
                    <span className="min-w-0 flex-1 truncate font-medium">
                      {payout.user.displayName}
                    </span>
                    <span className="shrink-0 font-semibold tabular-nums">
                      {formatDollars(payout.payoutCents)}
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
