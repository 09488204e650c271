import { Check, CircleCheck, CircleX, Flag } from 'lucide-react';
import type { Prop } from '@shared/contract/props';
import { cn } from '@client/lib/cn';

interface PickOptionsProps {
  prop: Prop;
  /** Picks are closed: the buttons only show the pick and the result. */
  locked: boolean;
  /** The option being sent right now, if any. */
  pendingOption: string | null;
  onPick: (option: string) => void;
}

/**
 * The prop's options as pick buttons. The viewer's pick is pressed; once a result is in,
 * the winning option says so and the pick shows as right or wrong — in words and icons as
 * well as colour.
 */
export function PickOptions({ prop, locked, pendingOption, onPick }: PickOptionsProps) {
  const picked = prop.myPick?.selectedOption ?? null;
  const decided = prop.result !== null && prop.result !== 'N/A';
  // While a pick is being saved the buttons refuse clicks but stay focusable: disabling
  // the focused button would drop a keyboard user's place on the page.
  const saving = pendingOption !== null;
  return (
    <div role="group" aria-label={`Options for ${prop.title}`} className="grid gap-2">
      {prop.options.map((option) => {
        const isPick = option.value === picked;
        const isResult = decided && option.value === prop.result;
        const tone = toneOf(isPick, isResult, decided);
        const notes = [isPick ? 'Your pick' : null, isResult ? 'Result' : null].filter(Boolean);
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={isPick}
            disabled={locked}
            aria-disabled={saving || undefined}
            aria-busy={pendingOption === option.value || undefined}
            onClick={() => {
              if (!isPick && !saving) onPick(option.value);
            }}
            className={cn(
              'flex min-h-11 w-full items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed aria-disabled:cursor-wait',
              tone === 'plain' && 'border-input bg-card enabled:hover:bg-muted',
              tone === 'picked' && 'border-primary bg-primary text-primary-foreground',
              tone === 'correct' && 'border-primary bg-primary-soft text-primary-soft-foreground',
              tone === 'incorrect' && 'border-destructive bg-destructive-soft text-destructive',
              tone === 'result' && 'border-primary border-dashed bg-card',
              locked && tone === 'plain' && 'border-border bg-muted text-muted-foreground',
            )}
          >
            <ToneIcon tone={tone} />
            <span className="min-w-0 flex-1 break-words">
              {option.label}
              {notes.length > 0 ? (
                <span className="block text-xs font-medium">{notes.join(' · ')}</span>
              ) : null}
            </span>
            {option.odds ? (
              <span className="shrink-0 text-xs font-medium tabular-nums">
                <span className="sr-only">odds </span>
                {option.odds}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

type OptionTone = 'plain' | 'picked' | 'correct' | 'incorrect' | 'result';

function toneOf(isPick: boolean, isResult: boolean, decided: boolean): OptionTone {
  if (!isPick) return isResult ? 'result' : 'plain';
  if (!decided) return 'picked';
  return isResult ? 'correct' : 'incorrect';
}

function ToneIcon({ tone }: { tone: OptionTone }) {
  const className = 'size-4 shrink-0';
  switch (tone) {
    case 'picked':
      return <Check className={className} aria-hidden />;
    case 'correct':
      return <CircleCheck className={className} aria-hidden />;
    case 'incorrect':
      return <CircleX className={className} aria-hidden />;
    case 'result':
      return <Flag className={cn(className, 'text-primary')} aria-hidden />;
    case 'plain':
      return <span className={cn(className, 'rounded-full border border-input')} aria-hidden />;
  }
}
