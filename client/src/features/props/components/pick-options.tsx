import type { KeyboardEvent } from 'react';
import type { Prop } from '@shared/contract/props';
import { VOID_RESULT } from '@shared/domain/group-stats';
import { cn } from '@client/lib/cn';

interface PickOptionsProps {
  prop: Prop;
  locked: boolean;
  onPick: (option: string) => void;
}

/**
 * One tap picks (saving happens behind it); the outcome shows in words and marks as well as
 * colour. A second tap on the picked option does nothing, so a double tap never acts twice.
 */
export function PickOptions({ prop, locked, onPick }: PickOptionsProps) {
  const picked = prop.myPick?.selectedOption ?? null;
  const voided = prop.result === VOID_RESULT;
  const decided = prop.result !== null && !voided;
  return (
    <div
      role="group"
      aria-label={`Options for ${prop.description}`}
      className="flex flex-wrap gap-2"
      onKeyDown={moveFocusWithArrows}
    >
      {prop.options.map((option) => {
        const isPick = option.value === picked;
        const isResult = decided && option.value === prop.result;
        const tone = toneOf(isPick, isResult, decided, voided);
        const label = `${MARKS[tone]}${option.label}`;
        const resultNote = isResult ? (
          <span className="sr-only"> (the result)</span>
        ) : tone === 'void' ? (
          <span className="sr-only"> (your pick, void)</span>
        ) : null;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={isPick}
            disabled={locked}
            onClick={() => {
              if (!isPick) onPick(option.value);
            }}
            className={cn(
              'flex min-h-11 min-w-[7.5rem] flex-1 basis-0 touch-manipulation flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-1.5 text-left text-sm font-semibold wrap-anywhere focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed',
              tone === 'plain' && 'border-input bg-card enabled:hover:bg-muted',
              tone === 'picked' && 'border-primary bg-primary text-primary-foreground',
              tone === 'correct' && 'border-primary bg-primary-soft text-primary-soft-foreground',
              tone === 'incorrect' && 'border-destructive bg-destructive-soft text-destructive',
              tone === 'result' && 'border-dashed border-primary bg-card',
              tone === 'void' && 'border-dashed border-muted-foreground bg-muted text-foreground',
              locked && tone === 'plain' && 'border-border bg-muted text-muted-foreground',
            )}
          >
            {option.odds ? (
              <>
                <span className="min-w-0 wrap-anywhere">
                  {label}
                  {resultNote}
                </span>
                <span className="ml-auto min-w-0 text-xs font-medium tabular-nums wrap-anywhere">
                  {option.odds}
                </span>
              </>
            ) : (
              // Without odds, no wrapper: one element less per option on a 300-prop sheet.
              <>
                {label}
                {resultNote}
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

const STEPS: Partial<Record<string, 'previous' | 'next' | 'first' | 'last'>> = {
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  ArrowRight: 'next',
  ArrowDown: 'next',
  Home: 'first',
  End: 'last',
};

/** As in a radio group, but arrows only move the focus: Space or Enter picks. */
function moveFocusWithArrows(event: KeyboardEvent<HTMLDivElement>) {
  const step = STEPS[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')].filter(
    (button) => !button.disabled,
  );
  const current = buttons.indexOf(event.target as HTMLButtonElement);
  if (current === -1 || buttons.length < 2) return;
  event.preventDefault();
  const last = buttons.length - 1;
  const index =
    step === 'first'
      ? 0
      : step === 'last'
        ? last
        : step === 'next'
          ? (current + 1) % buttons.length
          : (current + last) % buttons.length;
  buttons[index]?.focus();
}

type OptionTone = 'plain' | 'picked' | 'correct' | 'incorrect' | 'result' | 'void';

function toneOf(isPick: boolean, isResult: boolean, decided: boolean, voided: boolean): OptionTone {
  if (!isPick) return isResult ? 'result' : 'plain';
  if (voided) return 'void';
  if (!decided) return 'picked';
  return isResult ? 'correct' : 'incorrect';
}

/** Text marks, not icon elements: the sheet stays light. */
const MARKS: Record<OptionTone, string> = {
  plain: '',
  picked: '✓ ',
  correct: '✓ ',
  incorrect: '✗ ',
  result: '⚑ ',
  void: '○ ',
};
