import { z } from 'zod';

/** Product rules §9: the product owner's minimum. */
export const PASSWORD_MIN_LENGTH = 3;
/** Hashing a huge password is a cheap way to burn server CPU; nobody types more than this. */
export const PASSWORD_MAX_LENGTH = 200;
export const USERNAME_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 40;

/**
 * Product rules §5: the display name loses every character outside printable ASCII
 * (space to tilde), as typed and again on the server.
 */
export function sanitizeDisplayName(raw: string): string {
  return raw.replace(/[^\x20-\x7E]/g, '');
}

/**
 * The characters `sanitizeDisplayName` drops from `raw`, each once and in the order typed
 * (whole characters: an emoji is one, not two halves), so the form can say what was left
 * out instead of letting an accent vanish silently.
 */
export function droppedDisplayNameCharacters(raw: string): string[] {
  const dropped = new Set<string>();
  for (const character of raw) {
    if (sanitizeDisplayName(character) !== character) dropped.add(character);
  }
  return [...dropped];
}

export type PasswordCharacterKind = 'letters' | 'numbers' | 'special characters';

/** The register form's hint lists which kinds of characters the password contains. */
export function passwordCharacterKinds(password: string): PasswordCharacterKind[] {
  const kinds: PasswordCharacterKind[] = [];
  if (/\p{L}/u.test(password)) kinds.push('letters');
  if (/\p{N}/u.test(password)) kinds.push('numbers');
  if (/[^\p{L}\p{N}\s]/u.test(password)) kinds.push('special characters');
  return kinds;
}

/** A string field that must hold something once trimmed; non-strings get the same message. */
const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const displayNameSchema = z
  .string({ error: 'Display name is required' })
  .transform(sanitizeDisplayName)
  .pipe(
    requiredText('Display name is required').max(DISPLAY_NAME_MAX_LENGTH, {
      error: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
    }),
  );

export const usernameSchema = requiredText('Username is required')
  .max(USERNAME_MAX_LENGTH, { error: `Username must be at most ${USERNAME_MAX_LENGTH} characters` })
  .regex(/^[A-Za-z0-9_.-]+$/, {
    error: 'Username can only contain letters, numbers, dots, dashes and underscores',
  });

/** Passwords are kept exactly as typed; only the "is it blank" check trims. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .refine((value) => value.trim().length > 0, { error: 'Password is required', abort: true })
  .refine((value) => value.length >= PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    abort: true,
  })
  .refine((value) => value.length <= PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  });

export const registerInputSchema = z.object({
  displayName: displayNameSchema,
  username: usernameSchema,
  password: passwordSchema,
});

export const loginInputSchema = z.object({
  username: requiredText('Username is required').max(USERNAME_MAX_LENGTH * 4, {
    error: 'Invalid username or password',
  }),
  password: z
    .string({ error: 'Password is required' })
    .refine((value) => value.length > 0, { error: 'Password is required', abort: true })
    .refine((value) => value.length <= PASSWORD_MAX_LENGTH, {
      error: 'Invalid username or password',
    }),
});

export const updateDisplayNameInputSchema = z.object({ displayName: displayNameSchema });

export type RegisterInput = z.input<typeof registerInputSchema>;
export type LoginInput = z.input<typeof loginInputSchema>;
