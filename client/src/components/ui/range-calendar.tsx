import { ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { DayPicker, type DateRange } from 'react-day-picker';
import { cn } from '@client/lib/cn';
import { nextRange } from '@client/lib/day-range';
import { shortMonth } from '@client/lib/format';

export type { DateRange };

/** The app's chevrons in the month buttons and the caption's menus, in place of the library's. */
function NavChevron({ orientation }: { orientation?: 'up' | 'down' | 'left' | 'right' }) {
  if (orientation === 'down') return <ChevronDown className="size-4 opacity-70" aria-hidden />;
  return orientation === 'left' ? (
    <ChevronLeft className="size-5" aria-hidden />
  ) : (
    <ChevronRight className="size-5" aria-hidden />
  );
}

/**
 * The months a caption's menus offer: from last January to the end of five years on, so a
 * leader reaches a later season in two choices instead of a click per month.
 */
function menuMonths(today: Date) {
  return {
    startMonth: new Date(today.getFullYear() - 1, 0, 1),
    endMonth: new Date(today.getFullYear() + 5, 11, 1),
  };
}

interface RangeCalendarProps {
  selected: DateRange | undefined;
  onSelect: (range: DateRange | undefined) => void;
  /** The first month shown. */
  defaultMonth?: Date;
  numberOfMonths?: number;
  className?: string;
}

// A selected end is a filled green square; the days between sit on a pale green band.
// Each day button is a full cell wide and 44px tall (the touch target), seven to a row.
const endClassName =
  'bg-primary-soft [&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover';

/**
 * react-day-picker in range mode, styled with the app's tokens instead of the library's
 * stylesheet. Months sit side by side from the sm breakpoint and stack on a phone. Clicks
 * follow `nextRange` (booking-calendar behaviour) rather than the library's own rules, which
 * turn a second click on the start into a one-day range.
 */
export function RangeCalendar({
  selected,
  onSelect,
  defaultMonth,
  numberOfMonths = 2,
  className,
}: RangeCalendarProps) {
  const { startMonth, endMonth } = menuMonths(new Date());
  return (
    <DayPicker
      mode="range"
      selected={selected}
      onSelect={(_range, day) => {
        onSelect(nextRange(selected, day));
      }}
      defaultMonth={defaultMonth}
      numberOfMonths={numberOfMonths}
      // Each caption is a month menu and a year menu (short month names, so a caption fits
      // between the two arrow buttons in a month 188 px wide).
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
        // The native menu lies invisible over its label, so a tap or a key opens the
        // platform's own picker; the ring shows on the label.
        dropdown_root:
          'relative inline-flex h-11 items-center rounded-lg hover:bg-muted has-focus-visible:ring-2 has-focus-visible:ring-ring',
        dropdown: 'absolute inset-0 w-full cursor-pointer appearance-none opacity-0',
        caption_label: 'inline-flex items-center gap-0.5 px-1.5 text-base font-bold',
        // Over the captions, which stay readable between the two buttons.
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
