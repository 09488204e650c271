import { describe, expect, it } from 'vitest';
import type { Prop } from '@shared/contract/props';
import {
  CUSTOM_SPORT_REQUIRED,
  LOCK_TIME_PASSED,
  MISSING_REQUIRED_FIELDS,
} from '@shared/domain/custom-prop';
import { TOO_FEW_OPTIONS } from '@shared/domain/prop-options';
import { toDateTimeLocalValue } from '@client/lib/datetime-local';
import {
  checkCustomProp,
  emptyCustomPropForm,
  formValuesOf,
  payloadOf,
  newOptionRow,
  type CustomPropFormValues,
} from './custom-prop-form-values';

const now = new Date('2026-03-01T12:00:00.000Z');
const tomorrow = toDateTimeLocalValue('2026-03-02T12:00:00.000Z');
const yesterday = toDateTimeLocalValue('2026-02-28T12:00:00.000Z');

function filled(overrides: Partial<CustomPropFormValues> = {}): CustomPropFormValues {
  return {
    ...emptyCustomPropForm(),
    title: 'Who wins?',
    description: 'Straight up, overtime counts',
    options: [
      { text: 'Chiefs', original: null },
      { text: 'Bills', original: null },
    ],
    gameDate: tomorrow,
    ...overrides,
  };
}

describe('checkCustomProp', () => {
  it('passes a complete prop and sends the lock time as an instant', () => {
    const check = checkCustomProp(filled(), now);
    expect(check).toEqual({
      ok: true,
      payload: {
        sport: 'NFL',
        customSport: '',
        title: 'Who wins?',
        description: 'Straight up, overtime counts',
        options: ['Chiefs', 'Bills'],
        gameDate: '2026-03-02T12:00:00.000Z',
      },
    });
  });

  it.each([
    ['a blank title', { title: '  ' }, 'Missing required fields', MISSING_REQUIRED_FIELDS, 'title'],
    [
      'no lock time',
      { gameDate: '' },
      'Missing required fields',
      MISSING_REQUIRED_FIELDS,
      'gameDate',
    ],
    [
      'Custom without a name',
      { sport: 'Custom', customSport: ' ' },
      'Custom sport required',
      CUSTOM_SPORT_REQUIRED,
      'customSport',
    ],
    [
      'one real option',
      {
        options: [
          { text: 'Chiefs', original: null },
          { text: ' ', original: null },
        ],
      },
      'Invalid options',
      TOO_FEW_OPTIONS,
      'options',
    ],
    [
      'a lock time already past',
      { gameDate: yesterday },
      'Invalid Lock Time',
      LOCK_TIME_PASSED,
      'gameDate',
    ],
  ] as const)(
    'refuses %s with the spec title and message',
    (_case, change, title, message, field) => {
      const check = checkCustomProp(filled(change as Partial<CustomPropFormValues>), now);
      expect(check.ok).toBe(false);
      if (check.ok) return;
      expect(check.toast).toEqual({ title, description: message });
      expect(check.fieldErrors[field]).toBe(message);
    },
  );

  it('names the missing fields first and marks each one, even when other rules fail too', () => {
    const check = checkCustomProp(
      filled({ title: '', description: '', sport: 'Custom', gameDate: yesterday }),
      now,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.toast.title).toBe('Missing required fields');
    expect(check.fieldErrors).toMatchObject({
      title: MISSING_REQUIRED_FIELDS,
      description: MISSING_REQUIRED_FIELDS,
      customSport: CUSTOM_SPORT_REQUIRED,
    });
    // The lock time is judged only once everything else is right (spec order).
    expect(check.fieldErrors.gameDate).toBeUndefined();
  });
});

describe('editing', () => {
  const prop = {
    sport: 'Golf',
    title: 'Winner',
    description: 'Who takes it',
    gameDate: '2026-03-02T12:00:00.000Z',
    options: [
      { value: 'home', label: 'Home team', odds: '-110' },
      { value: 'away', label: 'Away team', odds: '+100' },
    ],
  } as Prop;

  it('opens with the stored prop, a custom sport as Custom plus its name', () => {
    const values = formValuesOf(prop);
    expect(values).toMatchObject({
      sport: 'Custom',
      customSport: 'Golf',
      title: 'Winner',
      gameDate: tomorrow,
    });
    expect(values.options.map((row) => row.text)).toEqual(['Home team', 'Away team']);
  });

  it('sends untouched options as they were, a changed one as new text', () => {
    const values = formValuesOf(prop);
    const [home, away] = values.options;
    if (!home || !away) throw new Error('two options expected');
    const edited = { ...values, options: [home, { ...away, text: 'Visitors' }, newOptionRow()] };
    expect(payloadOf(edited).options).toEqual([
      { value: 'home', label: 'Home team', odds: '-110' },
      'Visitors',
      '',
    ]);
  });

  it("sends the custom sport name only with 'Custom'", () => {
    expect(payloadOf(filled({ sport: 'NCAAF', customSport: 'left over' })).customSport).toBe('');
    expect(payloadOf(filled({ sport: 'Custom', customSport: 'Golf' })).customSport).toBe('Golf');
  });
});
