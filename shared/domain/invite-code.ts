/** Read aloud and typed on phones, so the alphabet leaves out 0/O and 1/I/L. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 31^8 ≈ 8.5 × 10^11 codes: with join attempts rate limited, guessing one is hopeless. */
export const INVITE_CODE_LENGTH = 8;

export const INVITE_CODE_MAX_INPUT_LENGTH = 32;

/** Injected so tests are deterministic. */
export type RandomBytes = (length: number) => Uint8Array;

const secureRandomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/** Rejection sampling, so every character is equally likely. */
export function generateInviteCode(randomBytes: RandomBytes = secureRandomBytes): string {
  const size = INVITE_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < INVITE_CODE_LENGTH) {
    for (const byte of randomBytes(INVITE_CODE_LENGTH * 2)) {
      if (byte >= limit) continue;
      code += INVITE_CODE_ALPHABET.charAt(byte % size);
      if (code.length === INVITE_CODE_LENGTH) break;
    }
  }
  return code;
}

/** Product rules §5 'Join group': trimmed and upper-case, as codes are stored. */
export function normalizeInviteCode(raw: string): string {
  return raw.trim().toUpperCase();
}
