import { z } from 'zod';

/** Product rules §9. */
export const PASSWORD_MIN_LENGTH = 3;
/** Hashing a huge password is a cheap way to burn server CPU. */
export const PASSWORD_MAX_LENGTH = 200;
export const USERNAME_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 40;

/** Letters that NFKD does not take apart, and typographic marks with a plain twin. */
const PLAIN_SPELLINGS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
};

/**
 * Product rules §5 'Register': printable ASCII. Accents are spelled plainly first
 * (José → Jose), what has no plain spelling is removed, runs of spaces become one.
 */
export function sanitizeDisplayName(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, (character) => PLAIN_SPELLINGS[character] ?? '')
    .replace(/ {2,}/g, ' ');
}

/** Whole characters, each once in the order typed, so the form can say what was left out. */
export function droppedDisplayNameCharacters(raw: string): string[] {
  const dropped = new Set<string>();
  for (const character of raw) {
    if (character !== ' ' && sanitizeDisplayName(character) === '') dropped.add(character);
  }
  return [...dropped];
}

export type PasswordCharacterKind = 'letters' | 'numbers' | 'special characters';

export function passwordCharacterKinds(password: string): PasswordCharacterKind[] {
  const kinds: PasswordCharacterKind[] = [];
  if (/\p{L}/u.test(password)) kinds.push('letters');
  if (/\p{N}/u.test(password)) kinds.push('numbers');
  if (/[^\p{L}\p{N}\s]/u.test(password)) kinds.push('special characters');
  return kinds;
}

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

/** Kept exactly as typed; only the "is it blank" check trims. */
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
