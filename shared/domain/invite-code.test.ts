import { describe, expect, it } from 'vitest';
import {
  generateInviteCode,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  normalizeInviteCode,
} from './invite-code';

/** Replays the given bytes, then repeats the last one forever. */
const replay =
  (bytes: number[]) =>
  (length: number): Uint8Array => {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 1) out[i] = bytes.shift() ?? 0;
    return out;
  };

describe('INVITE_CODE_ALPHABET', () => {
  it.each(['0', 'O', '1', 'I', 'L'])('leaves out the look-alike %s', (character) => {
    expect(INVITE_CODE_ALPHABET).not.toContain(character);
  });

  it('is upper-case letters and digits with no repeats', () => {
    expect(INVITE_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    expect(new Set(INVITE_CODE_ALPHABET).size).toBe(INVITE_CODE_ALPHABET.length);
  });
});

describe('generateInviteCode', () => {
  it('makes codes of at least 6 characters from the alphabet', () => {
    expect(INVITE_CODE_LENGTH).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < 200; i += 1) {
      const code = generateInviteCode();
      expect(code).toHaveLength(INVITE_CODE_LENGTH);
      for (const character of code) expect(INVITE_CODE_ALPHABET).toContain(character);
    }
  });

  it('maps bytes onto the alphabet in order', () => {
    expect(generateInviteCode(replay([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('ABCDEFGH');
    expect(generateInviteCode(replay([30, 31, 32, 33, 34, 35, 36, 37]))).toBe('9ABCDEFG');
  });

  it('skips bytes that would bias the draw and keeps drawing until the code is full', () => {
    // 248..255 are rejected (256 is not a multiple of 31); 247 is the last byte kept.
    const bytes = [255, 248, 247, ...Array<number>(14).fill(250), 0, 1, 2, 3, 4, 5, 6];
    expect(generateInviteCode(replay(bytes))).toBe(
      `${INVITE_CODE_ALPHABET.charAt(247 % 31)}ABCDEFG`,
    );
  });

  it('does not hand out the same code twice in a large sample', () => {
    const codes = new Set(Array.from({ length: 5000 }, () => generateInviteCode()));
    expect(codes.size).toBe(5000);
  });
});

describe('normalizeInviteCode', () => {
  it.each([
    ['abcdefgh', 'ABCDEFGH'],
    ['  AbCd2345 ', 'ABCD2345'],
    ['\tqrst6789\n', 'QRST6789'],
    ['', ''],
    ['   ', ''],
  ])('%j becomes %j', (raw, expected) => {
    expect(normalizeInviteCode(raw)).toBe(expected);
  });
});
