import { ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { DayPicker, type DateRange } from 'react-day-picker';
import { cn } from '@client/lib/cn';
import { nextRange } from '@client/lib/day-range';
import { shortMonth } from '@client/lib/format';

export type { DateRange };

function NavChevron({ orientation }: { orientation?: 'up' | 'down' | 'left' | 'right' }) {
  if (orientation === 'down') return <ChevronDown className="size-4 opacity-70" aria-hidden />;
  return orientation === 'left' ? (
    <ChevronLeft className="size-5" aria-hidden />
  ) : (
    <ChevronRight className="size-5" aria-hidden />
  );
}

/** Up to five years on, so a leader reaches a later season in two choices. */
function menuMonths(today: Date, firstDay: Date | undefined) {
  return {
    startMonth: firstDay
      ? new Date(firstDay.getFullYear(), firstDay.getMonth(), 1)
      : new Date(today.getFullYear() - 1, 0, 1),
    endMonth: new Date(today.getFullYear() + 5, 11, 1),
  };
}

interface RangeCalendarProps {
  selected: DateRange | undefined;
  onSelect: (range: DateRange | undefined) => void;
  defaultMonth?: Date;
  numberOfMonths?: number;
  firstDay?: Date;
  className?: string;
}

// Each day button is a full cell wide and 44px tall (the touch target).
const endClassName =
  'bg-primary-soft [&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover';

/**
 * react-day-picker in range mode with the app's tokens. Clicks follow `nextRange`
 * (booking-calendar behaviour) rather than the library's own rules.
 */
export function RangeCalendar({
  selected,
  onSelect,
  defaultMonth,
  numberOfMonths = 2,
  firstDay,
  className,
}: RangeCalendarProps) {
  const { startMonth, endMonth } = menuMonths(new Date(), firstDay);
  return (
    <DayPicker
      mode="range"
      selected={selected}
      disabled={firstDay && { before: firstDay }}
      onSelect={(_range, day) => {
        onSelect(nextRange(selected, day));
      }}
      defaultMonth={defaultMonth}
      numberOfMonths={numberOfMonths}
      // Short month names, so a caption fits between the two arrow buttons.
      captionLayout="dropdown"
      startMonth={startMonth}
      endMonth={endMonth}
      formatters={{ formatMonthDropdown: shortMonth }}
      className={cn('relative w-full', className)}
      classNames={{
        months: 'flex flex-col gap-5 sm:flex-row sm:gap-6',
        month: 'grid min-w-0 flex-1 content-start gap-1',
        month_caption: 'flex h-11 items-center justify-center',
        dropdowns: 'flex items-center gap-1',
        // The native menu lies invisible over its label, so a tap opens the platform's picker.
        dropdown_root:
          'relative inline-flex h-11 items-center rounded-lg hover:bg-muted has-focus-visible:ring-2 has-focus-visible:ring-ring',
        dropdown: 'absolute inset-0 w-full cursor-pointer appearance-none opacity-0',
        caption_label: 'inline-flex items-center gap-0.5 px-1.5 text-base font-bold',
        nav: 'pointer-events-none absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous:
          'pointer-events-auto inline-flex size-11 items-center justify-center rounded-lg border border-input bg-card text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-40',
        button_next:
          'pointer-events-auto inline-flex size-11 items-center justify-center rounded-lg border border-input bg-card text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-40',
        month_grid: 'w-full table-fixed border-collapse',
        weekdays: '',
        weekday: 'h-8 text-xs font-semibold text-muted-foreground',
        week: '',
        day: 'p-0 text-center text-sm',
        day_button:
          'inline-flex h-11 w-full items-center justify-center rounded-lg font-medium text-foreground tabular-nums hover:bg-muted focus-visible:relative focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        today: '[&>button]:font-extrabold [&>button]:underline [&>button]:underline-offset-4',
        selected: '',
        range_start: cn(endClassName, 'rounded-l-lg'),
        range_end: cn(endClassName, 'rounded-r-lg'),
        range_middle:
          'bg-primary-soft [&>button]:rounded-none [&>button]:text-primary-soft-foreground [&>button]:hover:bg-primary-soft',
        outside: 'text-muted-foreground',
        disabled: 'opacity-40',
        hidden: 'invisible',
      }}
      components={{ Chevron: NavChevron }}
    />
  );
}
