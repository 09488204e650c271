import { useState, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import {
  DISPLAY_NAME_MAX_LENGTH,
  droppedDisplayNameCharacters,
  sanitizeDisplayName,
} from '@shared/domain/account-rules';
import { Field, type FieldControlProps } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';

/**
 * Product rules §5 'Register': what has no plain spelling vanishes as it is typed; the caret
 * stays where the user was typing. Returns the characters it dropped.
 */
function stripUnprintable(event: ChangeEvent<HTMLInputElement>): string[] {
  const input = event.currentTarget;
  const raw = input.value;
  const clean = sanitizeDisplayName(raw);
  if (clean === raw) return [];
  const caret = input.selectionStart ?? raw.length;
  const cleanCaret = sanitizeDisplayName(raw.slice(0, caret)).length;
  input.value = clean;
  input.setSelectionRange(cleanCaret, cleanCaret);
  return droppedDisplayNameCharacters(raw);
}

type DisplayNameInputProps = ComponentProps<typeof Input> & {
  onDropped?: (characters: string[]) => void;
};

export function DisplayNameInput({ onChange, onDropped, ...props }: DisplayNameInputProps) {
  return (
    <Input
      autoComplete="nickname"
      maxLength={DISPLAY_NAME_MAX_LENGTH}
      {...props}
      onChange={(event) => {
        const dropped = stripUnprintable(event);
        if (dropped.length > 0) onDropped?.(dropped);
        onChange?.(event);
      }}
    />
  );
}

const quoted = (characters: readonly string[]) =>
  characters.map((character) => `“${character === '\t' ? 'tab' : character}”`).join(', ');

/** Instead of letting dropped characters vanish silently, the hint names them. */
export function DisplayNameField({
  value,
  hint,
  error,
  children,
}: {
  value: string;
  hint: ReactNode;
  error: string | undefined;
  children: (
    control: FieldControlProps & { onDropped: (characters: string[]) => void },
  ) => ReactNode;
}) {
  const [dropped, setDropped] = useState<string[]>([]);
  const shown = value === '' ? [] : dropped;
  const onDropped = (characters: string[]) => {
    setDropped((previous) => {
      const before = value === '' ? [] : previous;
      return [...before, ...characters.filter((character) => !before.includes(character))];
    });
  };
  return (
    <Field
      label="Display name"
      hint={
        <>
          {hint}
          {shown.length > 0 ? (
            <span
              className="mt-1 block font-medium text-foreground"
              data-testid="display-name-dropped"
              aria-live="polite"
            >
              Only plain letters, numbers, spaces and punctuation (ASCII) are kept: left out{' '}
              {quoted(shown)}. Your name will read “{value}”.
            </span>
          ) : null}
        </>
      }
      error={error}
    >
      {(control) => children({ ...control, onDropped })}
    </Field>
  );
}
