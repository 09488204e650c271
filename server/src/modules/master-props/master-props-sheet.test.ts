import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGameDate, readMasterPropsSheet, type SheetReading } from './master-props-sheet';

const HEADER = 'title,description,options,game_date,result,key';

const rowsOf = (reading: SheetReading) => {
  if (!reading.ok) throw new Error(`expected a valid sheet, got ${JSON.stringify(reading)}`);
  return reading.rows;
};

const problemsOf = (reading: SheetReading) => {
  if (reading.ok || reading.kind !== 'rows') {
    throw new Error(`expected row problems, got ${JSON.stringify(reading)}`);
  }
  return reading.rows;
};

describe('readMasterPropsSheet', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const sheet = [
      HEADER,
      '"Bills, at home","He said ""go"",\nthen went.","Yes, please|No ""way""",2025-09-14 13:00,,',
    ].join('\r\n');
    const [row] = rowsOf(readMasterPropsSheet(sheet));
    expect(row).toMatchObject({
      row: 2,
      title: 'Bills, at home',
      description: 'He said "go",\nthen went.',
      options: [
        { value: 'Yes, please', label: 'Yes, please', odds: '' },
        { value: 'No "way"', label: 'No "way"', odds: '' },
      ],
      result: null,
      key: null,
    });
    expect(row?.gameDate.toISOString()).toBe('2025-09-14T17:00:00.000Z');
  });

  it('takes header names in any order and case, ignores other columns, skips blank rows', () => {
    const sheet = [
      'Notes,KEY,Game Date,Options,Result,Description,TITLE',
      'ignore me,k-1,2025-01-12T13:00:00-05:00,Over | Under ,under,Total points?,Bills at Jets',
      ',,,,,,',
      '',
      'x,,2025-01-12 16:30,A|B,,Who?,Second',
    ].join('\n');
    const rows = rowsOf(readMasterPropsSheet(sheet));
    expect(rows.map((row) => [row.row, row.key, row.title, row.result])).toEqual([
      [2, 'k-1', 'Bills at Jets', 'Under'], // the option's own spelling
      [5, null, 'Second', null],
    ]);
    expect(rows[0]?.options.map((option) => option.value)).toEqual(['Over', 'Under']);
    expect(rows[1]?.gameDate.toISOString()).toBe('2025-01-12T21:30:00.000Z');
  });

  it('reads N/A in any case as the void result, and accepts a byte-order mark', () => {
    const sheet = `\uFEFF${HEADER}\nT,D,A|B,2025-09-14 13:00,n/a,`;
    expect(rowsOf(readMasterPropsSheet(sheet))[0]?.result).toBe('N/A');
  });

  it('accepts a sheet with a header and no rows (nothing scheduled)', () => {
    expect(rowsOf(readMasterPropsSheet(`${HEADER}\n`))).toEqual([]);
  });

  it.each([
    ['', 'The sheet is empty: it has no header row'],
    ['title,description,options', "no 'game_date' column"],
    ['name,question', "no 'title', 'description', 'options', 'game_date' columns"],
    ['title,Title,description,options,game_date', "names the 'title' column twice"],
    [`${HEADER}\n"unclosed,D,A|B,2025-09-14 13:00,,`, 'not valid CSV'],
  ])('refuses the whole sheet: %j', (sheet, message) => {
    const reading = readMasterPropsSheet(sheet);
    expect(reading.ok).toBe(false);
    if (!reading.ok && reading.kind === 'sheet') expect(reading.message).toContain(message);
    else throw new Error(`expected a sheet problem, got ${JSON.stringify(reading)}`);
  });

  const INVALID_ROWS: [string, string, string][] = [
    ['missing title', ',D,A|B,2025-09-14 13:00,,', 'title is required'],
    ['title too long', `${'t'.repeat(101)},D,A|B,2025-09-14 13:00,,`, 'title must be at most 100'],
    ['missing description', 'T,,A|B,2025-09-14 13:00,,', 'description is required'],
    ['description too long', `T,${'d'.repeat(151)},A|B,2025-09-14 13:00,,`, 'at most 150'],
    ['one option', 'T,D,Only,2025-09-14 13:00,,', 'Please provide at least 2 options'],
    ['no options', 'T,D,,2025-09-14 13:00,,', 'Please provide at least 2 options'],
    ['blank options only', 'T,D, | ,2025-09-14 13:00,,', 'Please provide at least 2 options'],
    ['six options', 'T,D,A|B|C|D|E|F,2025-09-14 13:00,,', 'at most 5 options'],
    ['duplicate options', 'T,D,Yes|yes,2025-09-14 13:00,,', 'Each option must be different'],
    ['N/A as an option', 'T,D,A|N/A,2025-09-14 13:00,,', 'reserved'],
    ['missing game date', 'T,D,A|B,,,', 'game_date is required'],
    ['US date format', 'T,D,A|B,9/14/2025 13:00,,', 'is not a date: use ISO 8601'],
    ['day only', 'T,D,A|B,2025-09-14,,', 'is not a date'],
    ['impossible day', 'T,D,A|B,2025-02-30 13:00,,', 'not a real date'],
    ['impossible ISO date', 'T,D,A|B,2025-02-30T13:00:00Z,,', 'not a real date'],
    ['impossible hour', 'T,D,A|B,2025-09-14 25:00,,', 'not a real date'],
    ['skipped hour', 'T,D,A|B,2025-03-09 02:30,,', 'does not exist in New York time'],
    [
      'result not an option',
      'T,D,A|B,2025-09-14 13:00,C,',
      "result 'C' is not one of the options (A, B) or N/A",
    ],
    ['key too long', `T,D,A|B,2025-09-14 13:00,,${'k'.repeat(101)}`, 'key must be at most 100'],
    [
      'cells beyond the header',
      'T,D,A|B,2025-09-14 13:00,,k,extra',
      'has 7 cells but the header has 6',
    ],
  ];

  it.each(INVALID_ROWS)('reports %s by row number', (_case, line, problem) => {
    const reading = readMasterPropsSheet(`${HEADER}\nOK,Fine,A|B,2025-09-14 13:00,,\n${line}`);
    const problems = problemsOf(reading);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.row).toBe(3);
    expect(problems[0]?.problems.join(' ')).toContain(problem);
  });

  it('reports every invalid row, and every problem of a row, at once', () => {
    const sheet = [HEADER, ',,A,nope,,', 'OK,Fine,A|B,2025-09-14 13:00,,', 'T,D,A|B,,Z,'].join(
      '\n',
    );
    const problems = problemsOf(readMasterPropsSheet(sheet));
    expect(problems.map((problem) => problem.row)).toEqual([2, 4]);
    expect(problems[0]?.problems).toHaveLength(4);
    expect(problems[1]?.problems).toEqual([
      'game_date is required',
      expect.stringContaining("result 'Z'"),
    ]);
  });

  it('refuses a key used twice, and keyless rows that cannot be told apart', () => {
    const sheet = [
      HEADER,
      'T,D,A|B,2025-09-14 13:00,,k1',
      'U,D,A|B,2025-09-14 13:00,,k1',
      'Same,D,A|B,2025-09-14 13:00,,',
      'Same,D,A|B,2025-09-14T13:00:00-04:00,,',
      'Keyed,D,A|B,2025-09-14 13:00,,a',
      'Keyed,D,A|B,2025-09-14 13:00,,b',
    ].join('\n');
    const problems = problemsOf(readMasterPropsSheet(sheet));
    expect(problems).toEqual([
      { row: 3, problems: ["key 'k1' is already used on row 2"] },
      {
        row: 5,
        problems: [expect.stringContaining('same title, description and game_date as row 4')],
      },
    ]);
  });
});

describe('parseGameDate', () => {
  it.each([
    ['2025-09-14T13:00:00-04:00', '2025-09-14T17:00:00.000Z'],
    ['2025-09-14T13:00-0400', '2025-09-14T17:00:00.000Z'],
    ['2025-09-14 17:00Z', '2025-09-14T17:00:00.000Z'],
    ['2025-09-14T13:00:00.000+00:00', '2025-09-14T13:00:00.000Z'],
    ['2025-09-14T13:00:00.5337Z', '2025-09-14T13:00:00.533Z'],
    ['2025-12-07 13:00', '2025-12-07T18:00:00.000Z'],
    ['2025-12-07 9:05', '2025-12-07T14:05:00.000Z'],
    ['2025-11-02 01:30', '2025-11-02T05:30:00.000Z'],
  ])('%s → %s', (text, expected) => {
    const parsed = parseGameDate(text);
    expect(parsed instanceof Date ? parsed.toISOString() : parsed).toBe(expected);
  });
});

describe('the shipped example sheets', () => {
  it.each(['nfl.csv', 'ncaaf.csv'])('%s is valid, with keys, results and open props', (file) => {
    const text = readFileSync(new URL(`./examples/${file}`, import.meta.url), 'utf8');
    const rows = rowsOf(readMasterPropsSheet(text));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.every((row) => row.key !== null)).toBe(true);
    expect(rows.some((row) => row.result !== null)).toBe(true);
    expect(rows.filter((row) => row.result === null).length).toBeGreaterThanOrEqual(5);
  });
});
