import type { ChangeEvent, ComponentProps } from 'react';
import { DISPLAY_NAME_MAX_LENGTH, sanitizeDisplayName } from '@shared/domain/account-rules';
import { Input } from '@client/components/ui/input';

/**
 * Spec §5: characters outside printable ASCII vanish as they are typed or pasted. The
 * caret stays where the user was typing instead of jumping to the end.
 */
function stripUnprintable(event: ChangeEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const raw = input.value;
  const clean = sanitizeDisplayName(raw);
  if (clean === raw) return;
  const caret = input.selectionStart ?? raw.length;
  const cleanCaret = sanitizeDisplayName(raw.slice(0, caret)).length;
  input.value = clean;
  input.setSelectionRange(cleanCaret, cleanCaret);
}

export function DisplayNameInput({ onChange, ...props }: ComponentProps<typeof Input>) {
  return (
    <Input
      autoComplete="nickname"
      maxLength={DISPLAY_NAME_MAX_LENGTH}
      {...props}
      onChange={(event) => {
        stripUnprintable(event);
        onChange?.(event);
      }}
    />
  );
}
