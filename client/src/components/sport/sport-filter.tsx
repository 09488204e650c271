import { LayoutGrid } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { sportDisplayOf } from '@client/lib/sport-display';

interface SportFilterProps {
  sports: readonly string[];
  value: string;
  onChange: (sport: string) => void;
}

/** Product rules §2 sport filter. */
export function SportFilter({ sports, value, onChange }: SportFilterProps) {
  const choices = [ALL_SPORTS, ...sports];
  return (
    <div role="group" aria-label="Filter by sport" className="flex flex-wrap gap-2">
      {choices.map((sport) => {
        const selected = sport.toLowerCase() === value.toLowerCase();
        const { name, icon: Icon } =
          sport === ALL_SPORTS ? { name: 'All Sports', icon: LayoutGrid } : sportDisplayOf(sport);
        return (
          <button
            key={sport}
            type="button"
            aria-pressed={selected}
            onClick={() => {
              onChange(sport);
            }}
            className={cn(
              'inline-flex min-h-11 max-w-full min-w-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
              selected
                ? 'border-navy bg-navy text-navy-foreground'
                : 'border-input bg-card text-foreground hover:bg-muted',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden />
            {/* A leader's custom sport name can be one long word. */}
            <span className="max-w-48 truncate" title={name}>
              {name}
            </span>
          </button>
        );
      })}
    </div>
  );
}
