import { useId } from 'react';
import type { InvitePermission } from '@shared/contract/groups';
import { MAX_DROPPED_ROUNDS } from '@shared/domain/drop-worst';
import type { LockType } from '@shared/domain/lock-state';
import type { ScoringMode } from '@shared/domain/scoring-modes';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { RadioCard, RadioGroup } from '@client/components/ui/radio-group';
import { cn } from '@client/lib/cn';

/** Shared by the group forms and the operator's official-event dialog, so a choice's words live in one place. */
interface ChoiceFieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  className?: string;
}

const INVITE_CHOICES: readonly { value: InvitePermission; label: string; description: string }[] = [
  { value: 'leader', label: 'Leader only', description: 'Only you can see and share the code.' },
  { value: 'all', label: 'Any member', description: 'Every member can share the code.' },
];

const LOCK_CHOICES: readonly { value: LockType; label: string; description: string }[] = [
  { value: 'game', label: 'Game start', description: 'Each prop locks when its game starts.' },
  { value: 'time', label: 'Set time', description: 'Every prop locks at a time you choose.' },
  { value: 'leader', label: 'Leader', description: 'You lock and unlock all props by hand.' },
];

const SCORING_CHOICES: readonly { value: ScoringMode; label: string; description: string }[] = [
  { value: 'standard', label: 'Standard', description: 'A correct pick earns 1 point.' },
  {
    value: 'confidence',
    label: 'Confidence',
    description: 'Members number their picks each week; a correct pick earns its number.',
  },
  {
    value: 'lock',
    label: 'Lock of the week',
    description: 'One pick a week may be a lock: correct, it earns 2 points.',
  },
];

export function ScoringField(props: ChoiceFieldProps<ScoringMode>) {
  return <ChoiceField label="Scoring" choices={SCORING_CHOICES} {...props} />;
}

const droppedRoundsLabel = (count: number) =>
  count === 0
    ? 'None: every week counts'
    : count === 1
      ? 'The worst week'
      : `The worst ${count} weeks`;

/** Product rules §10 'Drop-worst'. */
export function DropWorstRoundsField({
  value,
  onChange,
  onBlur,
  className,
}: ChoiceFieldProps<number>) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>Dropped weeks</Label>
      <NativeSelect
        id={id}
        aria-describedby={hintId}
        value={String(value)}
        onChange={(event) => {
          onChange(Number(event.target.value));
        }}
        onBlur={onBlur}
      >
        {Array.from({ length: MAX_DROPPED_ROUNDS + 1 }, (_, count) => (
          <option key={count} value={count}>
            {droppedRoundsLabel(count)}
          </option>
        ))}
      </NativeSelect>
      <p id={hintId} className="text-sm text-muted-foreground">
        Each member's lowest completed weeks left out of their season total.
      </p>
    </div>
  );
}

export function InvitePermissionField(props: ChoiceFieldProps<InvitePermission>) {
  return <ChoiceField label="Invite code access" choices={INVITE_CHOICES} {...props} />;
}

export function LockTypeField(props: ChoiceFieldProps<LockType>) {
  return <ChoiceField label="Lock type" choices={LOCK_CHOICES} {...props} />;
}

function ChoiceField<T extends string>({
  label,
  choices,
  value,
  onChange,
  onBlur,
  className,
}: ChoiceFieldProps<T> & {
  label: string;
  choices: readonly { value: T; label: string; description: string }[];
}) {
  const labelId = useId();
  return (
    <div className="grid gap-2">
      <Label id={labelId} asChild>
        <span>{label}</span>
      </Label>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onValueChange={(chosen) => {
          const choice = choices.find((candidate) => candidate.value === chosen);
          if (choice) onChange(choice.value);
        }}
        onBlur={onBlur}
        className={className}
      >
        {choices.map((choice) => (
          <RadioCard
            key={choice.value}
            value={choice.value}
            label={choice.label}
            description={choice.description}
          />
        ))}
      </RadioGroup>
    </div>
  );
}
