import { useId } from 'react';
import type { InvitePermission } from '@shared/contract/groups';
import type { LockType } from '@shared/domain/lock-state';
import { Label } from '@client/components/ui/label';
import { RadioCard, RadioGroup } from '@client/components/ui/radio-group';

/**
 * A group's settings as the leader chooses them (product rules §5 'Create group', §2 lock
 * settings): one component each, used by the group forms and the operator's official-event
 * dialog alike, so a choice's words live in one place.
 */
interface ChoiceFieldProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  /** The grid of the cards (for example `sm:grid-cols-2`). */
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

/** Who may see and share the invite code. */
export function InvitePermissionField(props: ChoiceFieldProps<InvitePermission>) {
  return <ChoiceField label="Invite code access" choices={INVITE_CHOICES} {...props} />;
}

/** When the group's props lock. */
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
