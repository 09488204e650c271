import { CircleCheck, CircleDashed, Filter, ListChecks, MinusCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MasterPropTally } from '@shared/domain/master-prop-order';
import { cn } from '@client/lib/cn';

interface MasterPropTilesProps {
  tally: MasterPropTally;
  withResults: boolean;
  onToggleWithResults: () => void;
}

const tileClassName =
  'flex min-h-24 min-w-0 flex-col justify-between gap-2 rounded-xl border p-4 text-left shadow-sm';

/** Product rules §2: the four stat tiles; With Results is also the switch of its filter. */
export function MasterPropTiles({ tally, withResults, onToggleWithResults }: MasterPropTilesProps) {
  return (
    <ul aria-label="Master prop totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <li className="grid">
        <Tile
          icon={<ListChecks aria-hidden />}
          label="Master Props Available"
          value={tally.total}
        />
      </li>
      <li className="grid">
        <button
          type="button"
          aria-pressed={withResults}
          onClick={onToggleWithResults}
          className={cn(
            tileClassName,
            'transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
            withResults
              ? 'border-primary bg-primary-soft text-primary-soft-foreground'
              : 'border-input bg-card hover:bg-muted',
          )}
        >
          <TileBody
            icon={<CircleCheck aria-hidden />}
            label="With Results"
            value={tally.withResults}
          />
          <span className="flex items-center gap-1 text-xs font-semibold">
            <Filter className="size-3.5" aria-hidden />
            {withResults ? 'Showing only these' : 'Show only these'}
          </span>
        </button>
      </li>
      <li className="grid">
        <Tile icon={<MinusCircle aria-hidden />} label="N/A Results" value={tally.voided} />
      </li>
      <li className="grid">
        <Tile icon={<CircleDashed aria-hidden />} label="No Result" value={tally.noResult} />
      </li>
    </ul>
  );
}

function Tile({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className={cn(tileClassName, 'border-border bg-card')}>
      <TileBody icon={icon} label={label} value={value} />
    </div>
  );
}

function TileBody({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <span className="grid gap-1">
      <span className="flex items-center gap-1.5 text-sm font-semibold [&_svg]:size-4 [&_svg]:shrink-0">
        {icon}
        {label}
      </span>
      <span className="text-3xl font-extrabold tabular-nums">{value}</span>
    </span>
  );
}
