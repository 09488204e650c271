import type { ChangeEvent } from 'react';

/** Product rules §5 'Join group': rewritten in place before the form reads it; the caret stays put. */
export function upperCaseAsTyped(event: ChangeEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  if (selectionStart !== null && selectionEnd !== null) {
    input.setSelectionRange(selectionStart, selectionEnd);
  }
}
