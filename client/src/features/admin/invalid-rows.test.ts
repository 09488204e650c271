import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api-client';
import { invalidRowsOf } from './invalid-rows';

const refusal = (fieldErrors: Record<string, string[]>) => {
  const body = {
    message: 'The NFL spreadsheet has 3 invalid rows, so nothing was changed.',
    fieldErrors,
  };
  return new ApiError(400, JSON.stringify(body), body);
};

describe('invalidRowsOf', () => {
  it('lists every invalid row in sheet order, with all its problems', () => {
    const report = invalidRowsOf(
      'NFL',
      refusal({
        'row 12': ['options: at least 2 options'],
        'row 3': ['title is required', 'game_date is not a date'],
        'row 7': ['result is not one of the options'],
      }),
    );
    expect(report).toEqual({
      sport: 'NFL',
      message: 'The NFL spreadsheet has 3 invalid rows, so nothing was changed.',
      rows: [
        { row: 3, problems: ['title is required', 'game_date is not a date'] },
        { row: 7, problems: ['result is not one of the options'] },
        { row: 12, problems: ['options: at least 2 options'] },
      ],
    });
  });

  it('is null for a failure that is not about rows', () => {
    expect(invalidRowsOf('NCAAF', refusal({ sport: ['Invalid option'] }))).toBeNull();
    expect(invalidRowsOf('NFL', new ApiError(502, 'unreachable', null))).toBeNull();
    expect(invalidRowsOf('NFL', new Error('offline'))).toBeNull();
  });
});
