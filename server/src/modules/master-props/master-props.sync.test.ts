import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { masterProps } from '../../db/schema';
import {
  daysFromNow,
  masterPropsByTitle,
  masterPropsSnapshot,
  sheetCsv,
} from '../../test/master-props-fixtures';
import { startSheetServer, unusedPortUrl } from '../../test/sheet-server';
import { createTestApp, registerUser } from '../../test/test-app';
import type { MasterPropsSources } from './master-props-sync';

const sources: MasterPropsSources = {};
const MAX_BYTES = 64 * 1024;
const { app, database } = await createTestApp({
  masterProps: { sources, limits: { timeoutMs: 1_000, maxBytes: MAX_BYTES } },
});
const db = database.db;
const admin = await registerUser(app, { displayName: 'Operator' }); // first account: admin
const sheets = await startSheetServer();
const folder = await mkdtemp(path.join(os.tmpdir(), 'pickem-sheets-'));

/** A sync the operator has confirmed (removals included, decision 0092). */
const sync = (sport: string, removeMissing = true) =>
  admin.request({
    method: 'POST',
    url: '/api/admin/sync-master-props',
    payload: { sport, removeMissing },
  });

const list = () => masterPropsByTitle(app, admin.cookie);

const storedOf = (sport: string) =>
  db.select().from(masterProps).where(eq(masterProps.sport, sport)).orderBy(masterProps.id);

const KICKOFF = '2031-09-14 13:00';

beforeEach(async () => {
  await db.delete(masterProps);
  delete sources.NFL;
  delete sources.NCAAF;
});

describe('sync from a sheet served over HTTP', () => {
  it('adds every row, quoted fields included, and answers the count', async () => {
    sheets.serve(
      '/nfl.csv',
      sheetCsv([
        {
          key: 'w1-1',
          title: 'Bills, at Jets',
          description: 'Does "the kicker" score,\nor not?',
          options: 'Yes, he does|No',
          gameDate: KICKOFF,
        },
        {
          title: 'Chiefs at Raiders',
          options: 'Over|Under',
          gameDate: '2031-09-14T16:25:00-04:00',
        },
      ]),
    );
    sources.NFL = sheets.url('/nfl.csv');

    const response = await sync('NFL');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Synced 2 NFL props to match the spreadsheet',
      sport: 'NFL',
      count: 2,
      added: 2,
      updated: 0,
      removed: 0,
      unchanged: 0,
      picksReset: 0,
    });
    const props = await list();
    expect(props.get('Bills, at Jets')).toMatchObject({
      sport: 'NFL',
      sourceKey: 'w1-1',
      description: 'Does "the kicker" score,\nor not?',
      options: ['Yes, he does', 'No'],
      gameDate: '2031-09-14T17:00:00.000Z',
      result: null,
      isImported: false,
      groups: [],
    });
    expect(props.get('Chiefs at Raiders')).toMatchObject({
      sourceKey: null,
      gameDate: '2031-09-14T20:25:00.000Z',
    });
  });

  it('updates changed rows in place, removes rows gone, adds new ones, applies results', async () => {
    sheets.serve(
      '/nfl.csv',
      sheetCsv([
        { key: 'k1', title: 'Renamed later', gameDate: KICKOFF },
        { title: 'Keyless, kept', gameDate: KICKOFF },
        { title: 'Keyless, result comes', gameDate: KICKOFF },
        { key: 'k4', title: 'Dropped later', gameDate: KICKOFF },
        { title: 'Unchanged', gameDate: KICKOFF },
      ]),
    );
    sources.NFL = sheets.url('/nfl.csv');
    expect((await sync('NFL')).statusCode).toBe(200);
    const before = await list();

    sheets.serve(
      '/nfl.csv',
      sheetCsv([
        { key: 'k1', title: 'Renamed', gameDate: '2031-09-15 20:15', options: 'Home|Away|Tie' },
        { title: 'Keyless, kept', gameDate: KICKOFF, description: 'Who wins?' },
        { title: 'Keyless, result comes', gameDate: KICKOFF, result: 'away' },
        { title: 'Brand new', gameDate: KICKOFF },
        { title: 'Unchanged', gameDate: KICKOFF },
      ]),
    );
    // Unconfirmed, a sync that drops a prop is refused and changes nothing.
    const unconfirmed = await sync('NFL', false);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toEqual({
      message: 'This removes 1 NFL prop that is not in the sheet.',
    });
    expect(await list()).toEqual(before);
    const response = await sync('NFL');
    expect(response.json()).toMatchObject({
      count: 5,
      added: 1,
      updated: 2,
      removed: 1,
      unchanged: 2,
    });
    const after = await list();
    expect(after.get('Renamed')).toMatchObject({
      id: before.get('Renamed later')?.id,
      gameDate: '2031-09-16T00:15:00.000Z',
      options: ['Home', 'Away', 'Tie'],
    });
    expect(after.get('Keyless, result comes')).toMatchObject({
      id: before.get('Keyless, result comes')?.id,
      result: 'Away',
    });
    expect(after.get('Unchanged')?.id).toBe(before.get('Unchanged')?.id);
    expect(after.has('Dropped later')).toBe(false);
    expect(after.has('Brand new')).toBe(true);
  });

  it('never clears with a blank cell a result the admin set; the sheet may change it', async () => {
    sheets.serve('/nfl.csv', sheetCsv([{ key: 'k', title: 'Decided', gameDate: KICKOFF }]));
    sources.NFL = sheets.url('/nfl.csv');
    await sync('NFL');
    const id = (await list()).get('Decided')?.id;
    const set = await admin.request({
      method: 'PATCH',
      url: `/api/admin/master-props/${id}`,
      payload: { result: 'Home' },
    });
    expect(set.statusCode).toBe(200);

    const again = await sync('NFL');
    expect(again.json()).toMatchObject({ unchanged: 1, updated: 0 });
    expect((await list()).get('Decided')?.result).toBe('Home');

    sheets.serve(
      '/nfl.csv',
      sheetCsv([{ key: 'k', title: 'Decided', gameDate: KICKOFF, result: 'N/A' }]),
    );
    await sync('NFL');
    expect((await list()).get('Decided')?.result).toBe('N/A');
  });

  it('keeps each sport to its own sheet', async () => {
    sheets.serve('/nfl.csv', sheetCsv([{ title: 'NFL prop', gameDate: KICKOFF }]));
    sheets.serve(
      '/ncaaf.csv',
      sheetCsv([
        { title: 'NCAAF one', gameDate: KICKOFF },
        { title: 'NCAAF two', gameDate: KICKOFF },
      ]),
    );
    sources.NFL = sheets.url('/nfl.csv');
    sources.NCAAF = sheets.url('/ncaaf.csv');
    expect((await sync('NFL')).json().count).toBe(1);
    expect((await sync('NCAAF')).json().count).toBe(2);
    sheets.serve('/ncaaf.csv', sheetCsv([]));
    expect((await sync('NCAAF')).json()).toMatchObject({ count: 0, removed: 2 });
    expect((await storedOf('NFL')).map((prop) => prop.title)).toEqual(['NFL prop']);
  });

  it('gives two syncs at the same moment the same end state, without duplicates', async () => {
    sheets.serve(
      '/nfl.csv',
      sheetCsv(
        Array.from({ length: 20 }, (_, index) => ({ title: `P${index}`, gameDate: KICKOFF })),
      ),
    );
    sources.NFL = sheets.url('/nfl.csv');
    const responses = await Promise.all([sync('NFL'), sync('NFL'), sync('NFL')]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(responses.map((response) => response.json<{ count: number }>().count)).toEqual([
      20, 20, 20,
    ]);
    expect(await storedOf('NFL')).toHaveLength(20);
  });
});

describe('sync from a file', () => {
  it('reads a path and a file:// address', async () => {
    const file = path.join(folder, 'ncaaf.csv');
    await writeFile(file, sheetCsv([{ title: 'From a file', gameDate: daysFromNow(3) }]));
    sources.NCAAF = file;
    expect((await sync('NCAAF')).json()).toMatchObject({ count: 1, added: 1 });
    sources.NCAAF = pathToFileURL(file).toString();
    expect((await sync('NCAAF')).json()).toMatchObject({ count: 1, unchanged: 1 });
  });

  it('reads the shipped example sheet', async () => {
    sources.NFL = path.join(import.meta.dirname, 'examples', 'nfl.csv');
    const response = await sync('NFL');
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBeGreaterThan(5);
  });
});

describe('a sheet with an invalid row changes nothing', () => {
  const GOOD = { key: 'good', title: 'Good row', gameDate: KICKOFF };
  const INVALID: [string, string, string][] = [
    ['a missing title', ',Who?,A|B,2031-09-14 13:00,', 'title is required'],
    ['a missing description', 'T,,A|B,2031-09-14 13:00,', 'description is required'],
    ['a description over 150 characters', `T,${'x'.repeat(151)},A|B,2031-09-14 13:00,`, '150'],
    ['a title over 100 characters', `${'x'.repeat(101)},D,A|B,2031-09-14 13:00,`, '100'],
    ['one option', 'T,D,A,2031-09-14 13:00,', 'at least 2 options'],
    ['six options', 'T,D,A|B|C|D|E|F,2031-09-14 13:00,', 'at most 5 options'],
    ['the same option twice', 'T,D,A|a,2031-09-14 13:00,', 'Each option must be different'],
    ['N/A as an option', 'T,D,A|N/A,2031-09-14 13:00,', 'reserved'],
    ['a missing game date', 'T,D,A|B,,', 'game_date is required'],
    ['an unreadable game date', 'T,D,A|B,next sunday,', 'is not a date'],
    ['an impossible game date', 'T,D,A|B,2031-02-30 13:00,', 'not a real date'],
    ['a time skipped by daylight saving', 'T,D,A|B,2031-03-09 02:30,', 'does not exist'],
    ['a result that is not an option', 'T,D,A|B,2031-09-14 13:00,C', "result 'C'"],
  ];

  it.each(INVALID)('%s', async (_case, line, reason) => {
    sheets.serve('/nfl.csv', sheetCsv([GOOD]));
    sources.NFL = sheets.url('/nfl.csv');
    await sync('NFL');
    const before = await masterPropsSnapshot(db);

    const csv = `title,description,options,game_date,result\nNew one,D,A|B,2031-09-14 13:00,\n${line}\n`;
    sheets.serve('/nfl.csv', csv);
    const response = await sync('NFL');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toContain('The NFL spreadsheet has 1 invalid row, so nothing was changed');
    expect(body.message).toContain('Row 3:');
    expect(Object.keys(body.fieldErrors)).toEqual(['row 3']);
    expect(body.fieldErrors['row 3'].join(' ')).toContain(reason);
    expect(await masterPropsSnapshot(db)).toEqual(before);
  });

  it('reports every invalid row by number', async () => {
    sheets.serve(
      '/nfl.csv',
      'key,title,description,options,game_date\n' +
        'a,,D,A|B,2031-09-14 13:00\nb,T,D,A|B,2031-09-14 13:00\nb,U,D,A,2031-09-14 13:00\n',
    );
    sources.NFL = sheets.url('/nfl.csv');
    const response = await sync('NFL');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('has 2 invalid rows');
    expect(response.json().fieldErrors).toEqual({
      'row 2': ['title is required'],
      'row 4': [
        expect.stringContaining('Please provide at least 2 options'),
        "key 'b' is already used on row 3",
      ],
    });
    expect(await storedOf('NFL')).toEqual([]);
  });

  it.each([
    ['no header', '', 'no header row'],
    ['a missing column', 'title,description,options\nT,D,A|B\n', "no 'game_date' column"],
    [
      'broken quoting',
      'title,description,options,game_date\n"T,D,A|B,2031-09-14 13:00\n',
      'not valid CSV',
    ],
  ])('refuses a sheet with %s', async (_case, csv, reason) => {
    sheets.serve('/nfl.csv', sheetCsv([GOOD]));
    sources.NFL = sheets.url('/nfl.csv');
    await sync('NFL');
    const before = await masterPropsSnapshot(db);
    sheets.serve('/nfl.csv', csv);
    const response = await sync('NFL');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(reason);
    expect(response.json().message).toContain('Nothing was changed');
    expect(await masterPropsSnapshot(db)).toEqual(before);
  });
});

describe('a source that cannot give a sheet changes nothing', () => {
  const bigCsv = sheetCsv([{ title: 'x'.repeat(90), gameDate: KICKOFF }]).repeat(
    Math.ceil(MAX_BYTES / 100) + 10,
  );

  const CASES: [string, () => Promise<string | undefined>, number, string][] = [
    ['an unreachable server', unusedPortUrl, 502, 'could not be reached'],
    ['an HTTP error', async () => sheets.url('/missing.csv'), 502, 'answered HTTP 404'],
    [
      'a web page (an unpublished sheet)',
      async () => {
        sheets.serve('/page', '<!DOCTYPE html><html><body>Sign in</body></html>', 'text/html');
        return sheets.url('/page');
      },
      502,
      'is not CSV: it answered text/html',
    ],
    [
      'a web page labelled as text',
      async () => {
        sheets.serve('/page.txt', '<html><body>Sign in</body></html>', 'text/plain');
        return sheets.url('/page.txt');
      },
      502,
      'answered a web page',
    ],
    [
      'JSON',
      async () => {
        sheets.serve('/data.json', '{"rows":[]}', 'application/json');
        return sheets.url('/data.json');
      },
      502,
      'is not CSV',
    ],
    [
      'binary data',
      async () => {
        sheets.serve('/sheet.xlsx', 'PK\u0003\u0004\u0000\u0000binary', 'application/octet-stream');
        return sheets.url('/sheet.xlsx');
      },
      502,
      'is not CSV',
    ],
    [
      'a sheet larger than the cap',
      async () => {
        sheets.serve('/big.csv', bigCsv);
        return sheets.url('/big.csv');
      },
      502,
      'is larger than',
    ],
    [
      'a sheet larger than the cap, streamed without a length',
      async () => {
        sheets.handle('/stream.csv', (_request, response) => {
          response.writeHead(200, { 'content-type': 'text/csv' });
          const chunk = 'a'.repeat(16 * 1024);
          let sent = 0;
          const more = () => {
            if (sent > MAX_BYTES * 4 || response.destroyed) return response.end();
            sent += chunk.length;
            response.write(chunk, more);
          };
          more();
        });
        return sheets.url('/stream.csv');
      },
      502,
      'is larger than',
    ],
    [
      'a server that never answers',
      async () => {
        sheets.handle('/slow.csv', () => undefined);
        return sheets.url('/slow.csv');
      },
      502,
      'did not answer within 1 second;',
    ],
    ['a missing file', async () => path.join(folder, 'nope.csv'), 502, 'file does not exist'],
    ['a folder instead of a file', async () => folder, 502, 'is not a file'],
    [
      'a file larger than the cap',
      async () => {
        const file = path.join(folder, 'big.csv');
        await writeFile(file, bigCsv);
        return file;
      },
      502,
      'is larger than',
    ],
    ['no source configured', async () => undefined, 422, 'set MASTER_PROPS_SOURCE_NFL'],
  ];

  it.each(CASES)('%s', async (_case, source, status, message) => {
    sheets.serve('/nfl.csv', sheetCsv([{ title: 'Stored', gameDate: KICKOFF }]));
    sources.NFL = sheets.url('/nfl.csv');
    await sync('NFL');
    const before = await masterPropsSnapshot(db);

    const configured = await source();
    if (configured) sources.NFL = configured;
    else delete sources.NFL;
    const response = await sync('NFL');
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain(message);
    // The address may carry a secret token; it is never echoed.
    expect(response.body).not.toContain('127.0.0.1');
    expect(await masterPropsSnapshot(db)).toEqual(before);
  });
});

describe('the sync request', () => {
  it.each([
    [{}, 'Please select a sport'],
    [{ sport: '' }, 'Please select a sport'],
    [{ sport: 'NBA' }, 'Sport must be NFL or NCAAF'],
  ])('refuses %j', async (payload, message) => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/sync-master-props',
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/admin/sync-master-props', () => {
  it('says which sports have a spreadsheet configured', async () => {
    delete sources.NCAAF;
    sources.NFL = 'https://example.org/nfl.csv';
    const response = await admin.request({ method: 'GET', url: '/api/admin/sync-master-props' });
    expect(response.json()).toEqual({ NFL: true, NCAAF: false });
  });
});
