import { Lock, Scale } from 'lucide-react';
import { useMemo } from 'react';
import type { GroupDetails } from '@shared/contract/groups';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { Button } from '@client/components/ui/button';
import { NativeSelect } from '@client/components/ui/native-select';
import { SectionCard } from '@client/components/ui/section-card';
import { useGroupProps } from '../api/group-props';
import { useMyPicks, useSetPickWeight, type PickWeight } from '../api/my-picks';
import { groupLockSettingsOf } from '../live-lock';
import {
  currentRoundPicks,
  roundDaysLabel,
  type RoundPickRow,
  type RoundPicks,
} from '../round-picks';
import { useNow } from '../use-now';

const NO_MOMENTS: readonly number[] = [];

/**
 * Product rules §10 'Confidence and lock': the viewer's picks of the round under way, each
 * with its confidence (confidence scoring) or the lock-of-the-week switch (lock scoring).
 */
export function RoundPicksCard({ group, userId }: { group: GroupDetails; userId: number }) {
  const props = useGroupProps(group.id, ALL_SPORTS).data;
  const picks = useMyPicks(group.id, userId).data;
  const now = useNow(NO_MOMENTS);
  const lockSettings = useMemo(() => groupLockSettingsOf(group), [group]);
  const round = useMemo(
    () => (props && picks ? currentRoundPicks(props, picks, lockSettings, now) : null),
    [props, picks, lockSettings, now],
  );
  const setWeight = useSetPickWeight(group.id);
  if (group.scoring === 'standard' || !round) return null;
  return (
    <RoundPicksView
      round={round}
      scoring={group.scoring}
      pending={setWeight.isPending}
      onChange={(row, weight) => {
        setWeight.mutate({ pickId: row.pick.id, title: row.prop.title, weight });
      }}
    />
  );
}

interface RoundPicksViewProps {
  round: RoundPicks;
  scoring: 'confidence' | 'lock';
  pending: boolean;
  onChange: (row: RoundPickRow, weight: PickWeight) => void;
}

export function RoundPicksView({ round, scoring, pending, onChange }: RoundPicksViewProps) {
  const title = scoring === 'confidence' ? 'Your confidence' : 'Your lock of the week';
  return (
    <SectionCard title={title} icon={scoring === 'confidence' ? Scale : Lock}>
      <div className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          {roundDaysLabel(round)} ·{' '}
          {scoring === 'confidence'
            ? `Give each pick a number from 1 to ${round.size}: a correct pick earns its number. Choosing a number another pick holds swaps the two.`
            : 'One pick this week may be your lock: correct, it earns 2 points.'}
        </p>
        {round.rows.length === 0 ? (
          <p>Your picks this week show here.</p>
        ) : (
          <ul aria-label={title} className="grid divide-y divide-border">
            {round.rows.map((row) => (
              <li key={row.prop.id} className="flex min-h-12 items-center gap-3 py-1.5">
                <span className="grid min-w-0 flex-1">
                  <span className="truncate font-medium">{row.prop.title}</span>
                  <span className="truncate text-muted-foreground">
                    {row.pick.selectedOption}
                    {row.locked ? ' · locked' : ''}
                  </span>
                </span>
                {scoring === 'confidence' ? (
                  <ConfidenceSelect row={row} size={round.size} onChange={onChange} />
                ) : (
                  <LockToggle row={row} pending={pending} onChange={onChange} />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}

function ConfidenceSelect({
  row,
  size,
  onChange,
}: {
  row: RoundPickRow;
  size: number;
  onChange: RoundPicksViewProps['onChange'];
}) {
  return (
    <NativeSelect
      aria-label={`Confidence for ${row.prop.title}`}
      className="w-20 shrink-0"
      value={row.pick.confidence ?? ''}
      disabled={row.locked}
      onChange={(event) => {
        onChange(row, { confidence: Number(event.target.value) });
      }}
    >
      {Array.from({ length: size }, (_, index) => size - index).map((confidence) => (
        <option key={confidence} value={confidence}>
          {confidence}
        </option>
      ))}
    </NativeSelect>
  );
}

function LockToggle({
  row,
  pending,
  onChange,
}: {
  row: RoundPickRow;
  pending: boolean;
  onChange: RoundPicksViewProps['onChange'];
}) {
  const isLock = row.pick.isLock;
  return (
    <Button
      type="button"
      size="sm"
      variant={isLock ? 'gold' : 'outline'}
      aria-pressed={isLock}
      aria-label={`Lock of the week: ${row.prop.title}`}
      disabled={row.locked || pending}
      onClick={() => {
        onChange(row, { isLock: !isLock });
      }}
    >
      <Lock aria-hidden />
      {isLock ? 'Your lock' : 'Lock'}
    </Button>
  );
}
