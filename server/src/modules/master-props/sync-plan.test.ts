import { describe, expect, it } from 'vitest';
import type { SheetRow } from './master-props-sheet';
import { planSync, type StoredMasterProp } from './sync-plan';

const options = (...values: string[]) => values.map((value) => ({ value, label: value, odds: '' }));
const SUNDAY = new Date('2025-09-14T17:00:00Z');

const stored = (fields: Partial<StoredMasterProp> & { id: number }): StoredMasterProp => ({
  sourceKey: null,
  title: 'Title',
  description: 'Description',
  options: options('A', 'B'),
  gameDate: SUNDAY,
  result: null,
  ...fields,
});

let rowNumber = 1;
const row = (fields: Partial<SheetRow>): SheetRow => ({
  row: (rowNumber += 1),
  key: null,
  title: 'Title',
  description: 'Description',
  options: options('A', 'B'),
  gameDate: SUNDAY,
  result: null,
  ...fields,
});

describe('planSync', () => {
  it('adds new rows, removes stored props gone from the sheet, leaves equal ones alone', () => {
    const plan = planSync(
      [stored({ id: 1, title: 'Kept' }), stored({ id: 2, title: 'Gone' })],
      [row({ title: 'Kept' }), row({ title: 'New' })],
    );
    expect(plan.unchanged).toEqual([1]);
    expect(plan.removals).toEqual([2]);
    expect(plan.inserts.map((insert) => insert.title)).toEqual(['New']);
    expect(plan.updates).toEqual([]);
  });

  it('matches by key first, so a key keeps its prop through a change of title and date', () => {
    const later = new Date('2025-09-15T00:20:00Z');
    const plan = planSync(
      [stored({ id: 7, sourceKey: 'k7', title: 'Old title' })],
      [row({ key: 'k7', title: 'New title', gameDate: later })],
    );
    expect(plan.updates).toEqual([
      {
        id: 7,
        fields: expect.objectContaining({ title: 'New title', gameDate: later, sourceKey: 'k7' }),
        resultChanged: false,
      },
    ]);
    expect(plan.inserts).toEqual([]);
    expect(plan.removals).toEqual([]);
  });

  it('without a key, matches by title, description and game date', () => {
    const plan = planSync(
      [stored({ id: 1 }), stored({ id: 2, gameDate: new Date('2025-09-21T17:00:00Z') })],
      [row({ options: options('A', 'B', 'C') })],
    );
    expect(plan.updates.map((update) => update.id)).toEqual([1]);
    expect(plan.removals).toEqual([2]);
  });

  it('gives a keyless prop the key the sheet now has, and drops a key the sheet dropped', () => {
    const added = planSync([stored({ id: 1 })], [row({ key: 'fresh' })]);
    expect(added.updates[0]?.fields.sourceKey).toBe('fresh');
    const dropped = planSync([stored({ id: 1, sourceKey: 'old' })], [row({})]);
    expect(dropped.updates[0]).toMatchObject({ id: 1, fields: { sourceKey: null } });
  });

  it('does not take a prop whose key is still in the sheet for another row', () => {
    const plan = planSync(
      [stored({ id: 1, sourceKey: 'k1' })],
      [row({ key: 'k1', title: 'Renamed' }), row({ key: 'k2' })],
    );
    expect(plan.updates.map((update) => update.id)).toEqual([1]);
    expect(plan.inserts.map((insert) => insert.sourceKey)).toEqual(['k2']);
  });

  describe('results', () => {
    it.each([
      ['the sheet sets one', null, 'A', 'A', true],
      ['the sheet changes one', 'A', 'B', 'B', true],
      ['the sheet voids one', 'A', 'N/A', 'N/A', true],
      ['a blank cell keeps what the admin set', 'A', null, 'A', false],
      ['a blank cell keeps a void', 'N/A', null, 'N/A', false],
    ])('%s', (_case, before, cell, after, changed) => {
      const plan = planSync([stored({ id: 1, result: before })], [row({ result: cell })]);
      if (changed) {
        expect(plan.updates).toEqual([
          { id: 1, fields: expect.objectContaining({ result: after }), resultChanged: true },
        ]);
      } else {
        expect(plan.unchanged).toEqual([1]);
      }
    });

    it('clears a kept result that is no longer among the options', () => {
      const plan = planSync(
        [stored({ id: 1, sourceKey: 'k', result: 'A' })],
        [row({ key: 'k', options: options('C', 'D') })],
      );
      expect(plan.updates[0]).toMatchObject({ fields: { result: null }, resultChanged: true });
    });

    it('stores a new row with its result', () => {
      expect(planSync([], [row({ result: 'B' })]).inserts[0]?.result).toBe('B');
    });
  });
});
