import { describe, expect, it } from 'vitest';
import {
  loginInputSchema,
  passwordCharacterKinds,
  registerInputSchema,
  droppedDisplayNameCharacters,
  sanitizeDisplayName,
  updateDisplayNameInputSchema,
} from './account-rules';

const firstMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('sanitizeDisplayName', () => {
  it.each([
    ['Plain Name', 'Plain Name'],
    ['José', 'Jose'],
    ['Müller', 'Muller'],
    ['Zoë Ångström', 'Zoe Angstrom'],
    ['Straße Æsir Søren Łukasz', 'Strasse AEsir Soren Lukasz'],
    ['O’Brien', "O'Brien"],
    ['ﬁne', 'fine'],
    ['Go 🏈 team', 'Go team'],
    ['Ann   Lee ', 'Ann Lee '],
    ['李', ''],
    ['tab\there', 'tabhere'],
    ['~!@#$%^&*()_+', '~!@#$%^&*()_+'],
    ['', ''],
  ])('%j becomes %j', (raw, expected) => {
    expect(sanitizeDisplayName(raw)).toBe(expected);
  });
});

describe('droppedDisplayNameCharacters', () => {
  it.each([
    ['Plain Name', []],
    ['José Zoë', []],
    ['Zoë 李', ['李']],
    ['Go 🏈🏈 team', ['🏈']],
    ['tab\there', ['\t']],
    ['', []],
  ])('%j drops %j', (raw, expected) => {
    expect(droppedDisplayNameCharacters(raw)).toEqual(expected);
  });
});

describe('passwordCharacterKinds', () => {
  it.each([
    ['', []],
    ['abc', ['letters']],
    ['123', ['numbers']],
    ['!?', ['special characters']],
    ['a1!', ['letters', 'numbers', 'special characters']],
    ['  ', []],
  ])('%j contains %j', (password, kinds) => {
    expect(passwordCharacterKinds(password)).toEqual(kinds);
  });
});

describe('registerInputSchema', () => {
  it('accepts a valid registration, trimming and sanitizing the names but not the password', () => {
    const result = registerInputSchema.parse({
      displayName: '  Ann 🏈 ',
      username: ' ann_b ',
      password: ' pw ',
    });
    expect(result).toEqual({ displayName: 'Ann', username: 'ann_b', password: ' pw ' });
  });

  it.each([
    [
      {},
      {
        displayName: 'Display name is required',
        username: 'Username is required',
        password: 'Password is required',
      },
    ],
    [
      { displayName: 'A', username: 'b', password: 'xy' },
      { password: 'Password must be at least 3 characters long' },
    ],
    [{ displayName: 'A', username: 'b', password: '   ' }, { password: 'Password is required' }],
    [
      { displayName: 'A', username: 'b c', password: 'xyz' },
      { username: 'Username can only contain letters, numbers, dots, dashes and underscores' },
    ],
  ])('refuses %j', (input, expected) => {
    const result = registerInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(firstMessages(result)).toEqual(expected);
  });

  it('accepts exactly the minimum password length of 3', () => {
    expect(
      registerInputSchema.safeParse({ displayName: 'A', username: 'b', password: 'abc' }).success,
    ).toBe(true);
  });
});

describe('loginInputSchema', () => {
  it('requires a username and a password', () => {
    expect(firstMessages(loginInputSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });
});

describe('updateDisplayNameInputSchema', () => {
  it('refuses a name that is blank once sanitized', () => {
    expect(firstMessages(updateDisplayNameInputSchema.safeParse({ displayName: ' 🏈 ' }))).toEqual({
      displayName: 'Display name is required',
    });
  });
});
