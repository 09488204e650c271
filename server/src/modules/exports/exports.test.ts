import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { props, roundTiebreakers, rounds, tiebreakerAnswers } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const FORMULA_NAME = '=HYPERLINK("http://x.test","Win")';

/**
 * Sam leads Sunday Crew; Ann and a member whose display name is a spreadsheet formula
 * play. A decided prop, a prop whose game has started and an open prop, all picked.
 */
async function crew() {
  const sam = await registerUser(app, { displayName: 'Sam' });
  const ann = await registerUser(app, { displayName: 'Ann' });
  const eve = await registerUser(app, { displayName: FORMULA_NAME });
  const group = await seedGroup(db, {
    leaderId: sam.id,
    memberIds: [ann.id, eve.id],
    name: 'Sunday Crew!',
  });
  const decided = await seedProp(db, {
    groupId: group.id,
    title: 'Who wins, Bills or Jets?',
    gameDate: hoursFromNow(-30),
  });
  const started = await seedProp(db, {
    groupId: group.id,
    title: 'Over 44.5?',
    gameDate: hoursFromNow(-1),
  });
  const open = await seedProp(db, {
    groupId: group.id,
    title: 'Next week: sealed',
    gameDate: hoursFromNow(48),
  });
  for (const prop of [decided, started, open]) {
    await seedPick(db, { userId: ann.id, prop, selectedOption: 'A' });
    await seedPick(db, { userId: eve.id, prop, selectedOption: 'B' });
  }
  await db.update(props).set({ result: 'A' }).where(eq(props.id, decided.id));
  return { sam, ann, eve, group };
}

const download = (user: TestUser, url: string) => user.request({ method: 'GET', url });

/** The file's lines as written, without the byte-order mark and the last CRLF. */
function linesOf(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

/** The file's cells as a spreadsheet reads them, header first. */
const cellsOf = (body: string): string[][] => parse(body, { bom: true });

describe('CSV exports', () => {
  it("gives the leader the season's standings, formula-safe", async () => {
    const { sam, group } = await crew();
    const file = await download(sam, `/api/groups/${group.id}/export/standings.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="sunday-crew-standings.csv"',
    );
    const [header, ...rows] = linesOf(file.body);
    expect(header).toBe('Position,Member,Points,Wins,Losses,Win rate %,Pending');
    // The formula is text with a leading apostrophe, quoted for its comma and quotes; Sam
    // missed the decided prop, which counts against him.
    expect(rows.map((row) => row.replace(/^(\d+,.*?,)\d+,/, '$1P,'))).toEqual([
      '1,Ann,P,1,0,100,2',
      `2,"'=HYPERLINK(""http://x.test"",""Win"")",P,0,1,0,2`,
      '2,Sam,P,0,1,0,0',
    ]);
  });

  it("gives one round's board, named for the round", async () => {
    const { sam, group } = await crew();
    const [round] = await db.select().from(rounds).where(eq(rounds.groupId, group.id));
    const file = await download(
      sam,
      `/api/groups/${group.id}/export/standings.csv?round=${round!.id}`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="sunday-crew-standings-week-${round!.index}.csv"`,
    );
    const [header, ...rows] = linesOf(file.body);
    expect(header).toBe('Position,Member,Points,Wins,Losses,Win rate %');
    expect(rows.map((row) => row.split(',')[1])).toEqual(
      expect.arrayContaining(['Ann', 'Sam', `"'=HYPERLINK(""http://x.test""`]),
    );
  });

  it("ranks a round's equal points by its tiebreaker", async () => {
    const { sam, ann, eve, group } = await crew();
    const [round] = await db.select().from(rounds).where(eq(rounds.groupId, group.id));
    // Nothing decided: everyone is on 0 points in the round.
    await db.update(props).set({ result: null }).where(eq(props.groupId, group.id));
    await db.insert(roundTiebreakers).values({
      roundId: round!.id,
      groupId: group.id,
      question: 'Total?',
      locksAt: hoursFromNow(-2),
      actual: 45,
    });
    await db.insert(tiebreakerAnswers).values([
      { roundId: round!.id, groupId: group.id, userId: ann.id, value: 30 },
      { roundId: round!.id, groupId: group.id, userId: eve.id, value: 44 },
    ]);
    const file = await download(
      sam,
      `/api/groups/${group.id}/export/standings.csv?round=${round!.id}`,
    );
    const [, ...rows] = cellsOf(file.body);
    expect(rows.map((row) => [row[0], row[1]])).toEqual([
      ['1', `'${FORMULA_NAME}`],
      ['2', 'Ann'],
      // No answer counts as the farthest answer there could be.
      ['3', 'Sam'],
    ]);
  });

  it("refuses a round of another group, and one that cannot be a round's id", async () => {
    const { sam, group } = await crew();
    const other = await crew();
    const [theirs] = await db.select().from(rounds).where(eq(rounds.groupId, other.group.id));
    const foreign = await download(
      sam,
      `/api/groups/${group.id}/export/standings.csv?round=${theirs!.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Round not found' });
    const malformed = await download(sam, `/api/groups/${group.id}/export/standings.csv?round=x`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Round not found');
  });

  it('gives the picks of locked props only, by game date', async () => {
    const { sam, group } = await crew();
    const file = await download(sam, `/api/groups/${group.id}/export/picks.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="sunday-crew-picks.csv"',
    );
    expect(linesOf(file.body)[0]).toBe(
      'Season,Round,Prop id,Prop,Sport,Game date,Member,Pick,Result,Outcome,Confidence,Lock',
    );
    const [, ...rows] = cellsOf(file.body);
    const formula = `'${FORMULA_NAME}`;
    expect(rows.map((row) => [row[0], row[3], row[6], row[7], row[8], row[9], row[11]])).toEqual([
      ['Season 1', 'Who wins, Bills or Jets?', formula, 'B', 'A', 'Wrong', 'No'],
      ['Season 1', 'Who wins, Bills or Jets?', 'Ann', 'A', 'A', 'Correct', 'No'],
      ['Season 1', 'Over 44.5?', formula, 'B', '', 'Pending', 'No'],
      ['Season 1', 'Over 44.5?', 'Ann', 'A', '', 'Pending', 'No'],
    ]);
    expect(rows.every((row) => /^Week \d+$/.test(row[1]!))).toBe(true);
    // The open prop's picks are still sealed.
    expect(file.body).not.toContain('Next week');
  });

  it('declares its files as text/csv in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const file of ['standings', 'picks']) {
      const operation = document.paths[`/api/groups/{id}/export/${file}.csv`].get;
      expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
    }
  });

  it('is for the leader: a member gets 403 and no file', async () => {
    const { ann, group } = await crew();
    for (const url of [
      `/api/groups/${group.id}/export/standings.csv`,
      `/api/groups/${group.id}/export/picks.csv`,
    ]) {
      const refused = await download(ann, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.json()).toEqual({ message: 'Only the group leader can do that' });
    }
  });
});
