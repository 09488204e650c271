import { describe, expect, it } from 'vitest';
import { PROP_DESCRIPTION_MAX_LENGTH, PROP_TITLE_MAX_LENGTH } from './domain/custom-prop';
import { propOptionsSchema } from './domain/prop-options';
import {
  SAMPLE_PROPS,
  SAMPLE_PROP_SPORTS,
  TEAM_NAME_MAX_LENGTH,
  isSampleSport,
  nextGameDateFor,
  samplePropsForGame,
  type SampleSport,
} from './sample-props';

describe('SAMPLE_PROPS', () => {
  it.each(SAMPLE_PROP_SPORTS)('has at least 8 valid, distinct props for %s', (sport) => {
    const samples = SAMPLE_PROPS[sport];
    expect(samples.length).toBeGreaterThanOrEqual(8);
    expect(new Set(samples.map((sample) => sample.title.toLowerCase())).size).toBe(samples.length);
    for (const sample of samples) {
      expect(sample.category.trim(), sample.title).not.toBe('');
      expect(sample.title.length, sample.title).toBeLessThanOrEqual(PROP_TITLE_MAX_LENGTH);
      expect(sample.description.length, sample.title).toBeGreaterThan(0);
      expect(sample.description.length, sample.title).toBeLessThanOrEqual(
        PROP_DESCRIPTION_MAX_LENGTH,
      );
      // The same rules as a custom prop's options, already in the stored shape.
      expect(propOptionsSchema.parse(sample.options), sample.title).toEqual(sample.options);
      for (const option of sample.options) expect(option.odds, sample.title).toMatch(/^[+-]\d+$/);
    }
  });

  it('knows which sports have samples', () => {
    expect(isSampleSport('NBA')).toBe(true);
    expect(isSampleSport('Crazy Props')).toBe(false);
  });
});

describe('nextGameDateFor', () => {
  // 2026-09-10 is a Thursday.
  const cases: [SampleSport, string, string][] = [
    ['NFL', '2026-09-10T12:00:00Z', '2026-09-13T17:00:00.000Z'],
    ['NFL', '2026-09-13T15:59:59Z', '2026-09-13T17:00:00.000Z'],
    ['NFL', '2026-09-13T16:00:01Z', '2026-09-20T17:00:00.000Z'],
    ['NCAAF', '2026-09-10T12:00:00Z', '2026-09-12T16:00:00.000Z'],
    ['NCAAF', '2026-09-12T18:00:00Z', '2026-09-19T16:00:00.000Z'],
    ['NBA', '2026-09-10T12:00:00Z', '2026-09-10T23:30:00.000Z'],
    ['NBA', '2026-09-10T22:45:00Z', '2026-09-11T23:30:00.000Z'],
    ['MLB', '2026-12-31T23:30:00Z', '2027-01-01T23:05:00.000Z'],
    ['NHL', '2026-09-10T21:59:00Z', '2026-09-10T23:00:00.000Z'],
  ];
  it.each(cases)('%s at %s → %s', (sport, now, expected) => {
    const date = nextGameDateFor(sport, new Date(now));
    expect(date.toISOString()).toBe(expected);
    expect(date.getTime() - new Date(now).getTime()).toBeGreaterThanOrEqual(3_600_000);
  });
});

describe('samplePropsForGame', () => {
  const longest = 'x'.repeat(TEAM_NAME_MAX_LENGTH);
  it.each(SAMPLE_PROP_SPORTS)('names the teams in every %s prop, within the limits', (sport) => {
    const props = samplePropsForGame(sport, { away: { name: 'Bills' }, home: { name: 'Jets' } });
    expect(props).toHaveLength(SAMPLE_PROPS[sport].length);
    for (const prop of props) {
      expect(prop.title).toMatch(/^Bills at Jets: [a-z]/);
      expect(prop.description).not.toMatch(/home team|away team/i);
      expect(prop.options.map((option) => option.label)).not.toContain('Home team');
    }
    const long = { away: { name: longest }, home: { name: longest.replaceAll('x', 'y') } };
    for (const prop of samplePropsForGame(sport, long)) {
      expect(prop.title.length).toBeLessThanOrEqual(PROP_TITLE_MAX_LENGTH);
      expect(prop.description.length).toBeLessThanOrEqual(PROP_DESCRIPTION_MAX_LENGTH);
    }
  });

  it('uses the feed abbreviations when full names would make a title too long', () => {
    const name = 'A'.repeat(50);
    const [prop] = samplePropsForGame('NBA', {
      away: { name, abbreviation: 'BOS' },
      home: { name: `${name}B`, abbreviation: 'NYK' },
    });
    expect(prop?.title).toBe('BOS at NYK: who wins the game?');
    expect(prop?.options.map((option) => option.label)).toEqual([`${name}B`, name]);
  });

  it("writes a team's possessive", () => {
    const mlb = samplePropsForGame('MLB', { away: { name: 'Red Sox' }, home: { name: 'Yankees' } });
    expect(mlb.map((prop) => prop.description)).toContain(
      "Strikeouts by the Yankees' starting pitcher.",
    );
  });
});
