/**
 * Invite codes are read aloud, copied from screenshots and typed on phones, so the
 * alphabet leaves out characters people confuse: 0/O and 1/I/L.
 */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 31^8 ≈ 8.5 × 10^11 codes: with join attempts rate limited, guessing one is hopeless. */
export const INVITE_CODE_LENGTH = 8;

/** Longer input cannot be a code; refusing it early keeps junk out of the lookup. */
export const INVITE_CODE_MAX_INPUT_LENGTH = 32;

/** Fills a buffer with random bytes; injected so tests are deterministic. */
export type RandomBytes = (length: number) => Uint8Array;

// Web Crypto exists in browsers and in Node 20+, so this module stays usable on both sides.
const secureRandomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/**
 * A fresh code of INVITE_CODE_LENGTH characters from INVITE_CODE_ALPHABET. Bytes are drawn
 * by rejection sampling (bytes at or above the largest multiple of the alphabet size are
 * thrown away) so every character is equally likely.
 */
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

/** What the user typed, as codes are stored: trimmed and upper-case (product rules §5 'Join group'). */
export function normalizeInviteCode(raw: string): string {
  return raw.trim().toUpperCase();
}
