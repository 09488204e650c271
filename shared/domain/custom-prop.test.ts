import { describe, expect, it } from 'vitest';
import {
  CUSTOM_SPORT_REQUIRED,
  DESCRIPTION_TOO_LONG,
  GAME_DATE_TOO_FAR,
  INVALID_GAME_DATE,
  INVALID_SPORT,
  LOCK_TIME_PASSED,
  MISSING_REQUIRED_FIELDS,
  TITLE_TOO_LONG,
  buildCustomPropSchema,
  customPropErrorTitleOf,
  formSportOf,
  storedSportOf,
} from './custom-prop';
import { TOO_FEW_OPTIONS, TOO_MANY_OPTIONS } from './prop-options';

const now = new Date('2026-09-10T18:00:00Z');
const schema = buildCustomPropSchema(() => now);

const valid = {
  sport: 'NFL',
  title: 'Who wins?',
  description: 'Pick the winner of the late game.',
  options: ['Home', 'Away'],
  gameDate: '2026-09-13T17:00:00Z',
};

/** Every problem, in the order reported: [field, message]. */
function problemsOf(input: unknown): [string, string][] {
  const parsed = schema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('buildCustomPropSchema', () => {
  it('accepts a complete form and returns the prop as stored', () => {
    expect(schema.parse({ ...valid, title: '  Who wins?  ', result: 'Home' })).toEqual({
      sport: 'NFL',
      title: 'Who wins?',
      description: 'Pick the winner of the late game.',
      options: [
        { value: 'Home', label: 'Home', odds: '' },
        { value: 'Away', label: 'Away', odds: '' },
      ],
      gameDate: new Date('2026-09-13T17:00:00Z'),
    });
  });

  it.each([
    ['NCAAF', undefined, 'NCAAF'],
    ['Custom', 'Golf', 'Golf'],
    ['Custom', '  Darts  ', 'Darts'],
    ['Custom', 'nba', 'NBA'],
    ['Custom', 'crazy props', 'Crazy Props'],
    ['NFL', 'ignored when not Custom', 'NFL'],
  ])('stores sport %s with custom name %j as %s', (sport, customSport, stored) => {
    expect(schema.parse({ ...valid, sport, customSport }).sport).toBe(stored);
  });

  const refusals: [string, Record<string, unknown>, [string, string][]][] = [
    [
      'everything missing',
      {},
      [
        ['sport', MISSING_REQUIRED_FIELDS],
        ['title', MISSING_REQUIRED_FIELDS],
        ['description', MISSING_REQUIRED_FIELDS],
        ['gameDate', MISSING_REQUIRED_FIELDS],
        ['options', TOO_FEW_OPTIONS],
      ],
    ],
    ['blank title', { ...valid, title: '   ' }, [['title', MISSING_REQUIRED_FIELDS]]],
    ['title not text', { ...valid, title: 42 }, [['title', MISSING_REQUIRED_FIELDS]]],
    [
      'blank description',
      { ...valid, description: '' },
      [['description', MISSING_REQUIRED_FIELDS]],
    ],
    ['no Game Lock Time', { ...valid, gameDate: '' }, [['gameDate', MISSING_REQUIRED_FIELDS]]],
    ['null Game Lock Time', { ...valid, gameDate: null }, [['gameDate', MISSING_REQUIRED_FIELDS]]],
    ['blank sport', { ...valid, sport: ' ' }, [['sport', MISSING_REQUIRED_FIELDS]]],
    ['unknown sport', { ...valid, sport: 'Golf' }, [['sport', INVALID_SPORT]]],
    [
      'Custom without a name',
      { ...valid, sport: 'Custom' },
      [['customSport', CUSTOM_SPORT_REQUIRED]],
    ],
    [
      'Custom with a blank name',
      { ...valid, sport: 'Custom', customSport: '   ' },
      [['customSport', CUSTOM_SPORT_REQUIRED]],
    ],
    [
      'Custom with a null name',
      { ...valid, sport: 'Custom', customSport: null },
      [['customSport', CUSTOM_SPORT_REQUIRED]],
    ],
    ['one option', { ...valid, options: ['Home'] }, [['options', TOO_FEW_OPTIONS]]],
    [
      'two options, one blank',
      { ...valid, options: ['Home', ' '] },
      [['options', TOO_FEW_OPTIONS]],
    ],
    [
      'six options',
      { ...valid, options: ['A', 'B', 'C', 'D', 'E', 'F'] },
      [['options', TOO_MANY_OPTIONS]],
    ],
    [
      'description of 151 characters',
      { ...valid, description: 'x'.repeat(151) },
      [['description', DESCRIPTION_TOO_LONG]],
    ],
    ['title of 101 characters', { ...valid, title: 'x'.repeat(101) }, [['title', TITLE_TOO_LONG]]],
    [
      'a date that is not one',
      { ...valid, gameDate: 'next Sunday' },
      [['gameDate', INVALID_GAME_DATE]],
    ],
    [
      'a date without its offset',
      { ...valid, gameDate: '2026-09-13T17:00:00' },
      [['gameDate', INVALID_GAME_DATE]],
    ],
    [
      'a lock time in the past',
      { ...valid, gameDate: '2026-09-10T17:59:59Z' },
      [['gameDate', LOCK_TIME_PASSED]],
    ],
    [
      'a lock time of exactly now',
      { ...valid, gameDate: now.toISOString() },
      [['gameDate', LOCK_TIME_PASSED]],
    ],
    [
      'a lock time more than a year ahead',
      { ...valid, gameDate: new Date(now.getTime() + 367 * 86_400_000).toISOString() },
      [['gameDate', GAME_DATE_TOO_FAR]],
    ],
    [
      'the spec order: required fields first, then the custom sport, then options',
      {
        sport: 'Custom',
        title: '',
        description: 'd',
        options: ['A'],
        gameDate: '2026-09-13T17:00:00Z',
      },
      [
        ['title', MISSING_REQUIRED_FIELDS],
        ['customSport', CUSTOM_SPORT_REQUIRED],
        ['options', TOO_FEW_OPTIONS],
      ],
    ],
    [
      'a past lock time is judged only once everything else is right',
      { ...valid, sport: 'Custom', options: ['A'], gameDate: '2020-01-01T00:00:00Z' },
      [
        ['customSport', CUSTOM_SPORT_REQUIRED],
        ['options', TOO_FEW_OPTIONS],
      ],
    ],
  ];
  it.each(refusals)('refuses %s', (_name, input, expected) => {
    expect(problemsOf(input)).toEqual(expected);
  });

  it('accepts a description of exactly 150 characters and keeps its line breaks', () => {
    const description = `${'x'.repeat(74)}\r\n${'y'.repeat(74)}`;
    const parsed = schema.parse({ ...valid, description });
    expect(parsed.description).toBe(`${'x'.repeat(74)}\n${'y'.repeat(74)}`);
    expect(schema.safeParse({ ...valid, description: 'z'.repeat(150) }).success).toBe(true);
  });

  it('reads the clock at each check, not when built', () => {
    let clock = new Date('2026-09-13T16:00:00Z');
    const live = buildCustomPropSchema(() => clock);
    expect(live.safeParse(valid).success).toBe(true);
    clock = new Date('2026-09-13T17:00:01Z');
    expect(live.safeParse(valid).success).toBe(false);
  });
});

describe('sports between the form and storage', () => {
  it.each([
    ['NFL', null, 'NFL'],
    ['Custom', 'mlb', 'MLB'],
    ['Custom', 'Cornhole', 'Cornhole'],
  ] as const)('storedSportOf(%s, %j) → %s', (sport, name, stored) => {
    expect(storedSportOf(sport, name)).toBe(stored);
  });

  it.each([
    ['NFL', { sport: 'NFL', customSport: '' }],
    ['NCAAF', { sport: 'NCAAF', customSport: '' }],
    ['NBA', { sport: 'Custom', customSport: 'NBA' }],
    ['Cornhole', { sport: 'Custom', customSport: 'Cornhole' }],
  ])('formSportOf(%s)', (stored, form) => {
    expect(formSportOf(stored)).toEqual(form);
  });
});

describe('customPropErrorTitleOf', () => {
  it.each([
    [MISSING_REQUIRED_FIELDS, 'Missing required fields'],
    [CUSTOM_SPORT_REQUIRED, 'Custom sport required'],
    [TOO_FEW_OPTIONS, 'Invalid options'],
    [TOO_MANY_OPTIONS, 'Invalid options'],
    [LOCK_TIME_PASSED, 'Invalid Lock Time'],
    [DESCRIPTION_TOO_LONG, 'Invalid prop'],
  ])('%s → %s', (message, title) => {
    expect(customPropErrorTitleOf(message)).toBe(title);
  });
});
