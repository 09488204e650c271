import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { easternWallTimeOf } from '@shared/domain/eastern-time';
import { readEnv, wantsExampleMasterProps } from '../../config/env';
import { masterProps } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import { loadExampleMasterProps, readExampleSheets, shiftExampleRows } from './master-props-sync';

const { app, database } = await createTestApp();
const db = database.db;
const DAY = 24 * 60 * 60 * 1000;

describe('shiftExampleRows', () => {
  it.each([
    '2026-03-04T15:00:00Z',
    '2026-11-01T05:00:00Z', // the day clocks fall back
    '2027-06-19T23:59:00Z',
    '2024-01-01T00:00:00Z', // before the sheets' own dates: moved back
  ])('at %s: open games ahead within a week, decided ones behind, kick-offs kept', async (at) => {
    const now = new Date(at);
    const original = await readExampleSheets();
    const shifted = shiftExampleRows(original, now);
    for (const sport of ['NFL', 'NCAAF'] as const) {
      const rows = shifted[sport];
      const open = rows.filter((row) => row.result === null).map((row) => row.gameDate.getTime());
      const decided = rows
        .filter((row) => row.result !== null)
        .map((row) => row.gameDate.getTime());
      expect(Math.min(...open)).toBeGreaterThan(now.getTime());
      expect(Math.min(...open)).toBeLessThanOrEqual(now.getTime() + 7 * DAY + 60 * 60 * 1000);
      expect(Math.max(...decided)).toBeLessThan(now.getTime());
      rows.forEach((row, index) => {
        const before = original[sport][index]!.gameDate;
        const wallBefore = easternWallTimeOf(before);
        const wallAfter = easternWallTimeOf(row.gameDate);
        // Whole weeks: same weekday, same New York kick-off time.
        expect([wallAfter.hour, wallAfter.minute]).toEqual([wallBefore.hour, wallBefore.minute]);
        expect(
          new Date(Date.UTC(wallAfter.year, wallAfter.month - 1, wallAfter.day)).getUTCDay(),
        ).toBe(
          new Date(Date.UTC(wallBefore.year, wallBefore.month - 1, wallBefore.day)).getUTCDay(),
        );
      });
    }
  });
});

describe('loadExampleMasterProps', () => {
  it('loads both sheets once, even when several instances start together', async () => {
    const sheets = await readExampleSheets();
    const rows = sheets.NFL.length + sheets.NCAAF.length;
    const loaded = await Promise.all([
      loadExampleMasterProps(db),
      loadExampleMasterProps(db),
      loadExampleMasterProps(db),
    ]);
    expect(loaded.sort((a, b) => a - b)).toEqual([0, 0, rows]);
    const [stored] = await db.select({ count: count() }).from(masterProps);
    expect(stored?.count).toBe(rows);
    expect(await loadExampleMasterProps(db)).toBe(0);

    const preview = await app.inject({ method: 'GET', url: '/api/props-preview' });
    const sports = new Set(preview.json<{ sport: string }[]>().map((prop) => prop.sport));
    expect(sports).toEqual(new Set(['NFL', 'NCAAF']));
  });
});

describe('wantsExampleMasterProps', () => {
  it.each([
    [{}, true],
    [{ DATABASE_URL: 'postgres://db/pickem' }, false],
    [{ MASTER_PROPS_SOURCE_NFL: 'https://example.com/sheet.csv' }, false],
    [{ MASTER_PROPS_SOURCE_NCAAF: './ncaaf.csv' }, false],
    [{ MASTER_PROPS_EXAMPLES: 'false' }, false],
    [{ MASTER_PROPS_EXAMPLES: 'true', DATABASE_URL: 'postgres://db/pickem' }, true],
  ])('%j → %s', (variables, expected) => {
    expect(wantsExampleMasterProps(readEnv(variables))).toBe(expected);
  });

  it.each(['ftp://example.com/sheet.csv', 'https://', 'MASTER_PROPS_EXAMPLES'])(
    'refuses the source %s at start-up',
    (source) => {
      const variables =
        source === 'MASTER_PROPS_EXAMPLES'
          ? { MASTER_PROPS_EXAMPLES: 'sometimes' }
          : { MASTER_PROPS_SOURCE_NFL: source };
      expect(() => readEnv(variables)).toThrow(/MASTER_PROPS_(SOURCE_NFL|EXAMPLES)/);
    },
  );
});
