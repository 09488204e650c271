import { useState, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import {
  DISPLAY_NAME_MAX_LENGTH,
  droppedDisplayNameCharacters,
  sanitizeDisplayName,
} from '@shared/domain/account-rules';
import { Field, type FieldControlProps } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';

/**
 * Product rules §5: characters outside printable ASCII vanish as they are typed or pasted. The
 * caret stays where the user was typing instead of jumping to the end. Returns the
 * characters it dropped.
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

/**
 * The display name field of Register and Settings. The spec strips accents, emoji and
 * other non-ASCII characters as they are typed; instead of letting "José" silently
 * become "Jos", the hint says which characters were left out and what will be kept,
 * until the field is emptied.
 */
export function DisplayNameField({
  value,
  hint,
  error,
  children,
}: {
  /** The field's current (already stripped) value. */
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
      // A field typed afresh after being emptied starts a fresh list.
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
