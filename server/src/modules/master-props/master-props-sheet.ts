import { CsvError, parse } from 'csv-parse/sync';
import { PROP_DESCRIPTION_MAX_LENGTH, PROP_TITLE_MAX_LENGTH } from '@shared/domain/custom-prop';
import { easternWallTimeToDate, isValidWallTime } from '@shared/domain/eastern-time';
import { VOID_RESULT } from '@shared/domain/group-stats';
import {
  GAME_MARKETS,
  GAME_SIDES,
  MARKET_OPTION_VALUES,
  marketNeedsLine,
  type GameMarket,
  type GameSide,
} from '@shared/domain/game-grading';
import { normalizeOptions, optionsProblemOf, type PropOption } from '@shared/domain/prop-options';

/** Pure: CSV text in, rows or problems out. The format: docs/master-props-sheet.md. */

export const SHEET_COLUMNS = [
  'title',
  'description',
  'options',
  'game_date',
  'result',
  'key',
  'espn_event_id',
  'market',
  'line',
  'team',
];
const REQUIRED_COLUMNS = ['title', 'description', 'options', 'game_date'] as const;
type Column = (typeof SHEET_COLUMNS)[number];

export const OPTION_SEPARATOR = '|';
export const SHEET_KEY_MAX_LENGTH = 100;

/** `row` is its number in the spreadsheet, the header being row 1. */
export interface SheetRow {
  row: number;
  key: string | null;
  title: string;
  description: string;
  options: PropOption[];
  gameDate: Date;
  /** null for a blank cell, which never clears a stored result. */
  result: string | null;
  link?: SheetLink | null;
  /** None while the game is not stored. */
  gameLink?: GameLinkFields | null;
}

export interface GameLinkFields {
  gameId: number;
  market: GameMarket;
  line: number | null;
  team: GameSide | null;
}

export interface SheetLink {
  feedEventId: string;
  market: GameMarket;
  line: number | null;
  team: GameSide | null;
}

export interface RowProblem {
  row: number;
  problems: string[];
}

export type SheetReading =
  | { ok: true; rows: SheetRow[] }
  | { ok: false; kind: 'sheet'; message: string }
  | { ok: false; kind: 'rows'; rows: RowProblem[] };

const columnId = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_ID = new Map<string, Column>(SHEET_COLUMNS.map((name) => [columnId(name), name]));

// Line breaks matter in a description; elsewhere a control character becomes a space.
const cleanLine = (text: string) => text.replace(/\p{Cc}/gu, ' ').trim();
const cleanText = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n]/gu, ' ')
    .trim();

const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;
const EASTERN_WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

export const GAME_DATE_FORMATS =
  "use ISO 8601 with an offset (2025-09-14T13:00:00-04:00) or 'YYYY-MM-DD HH:mm' in New York time";

export function parseGameDate(text: string): Date | string {
  const notReal = `game_date '${text}' is not a real date and time`;
  const iso = ISO_WITH_OFFSET.exec(text);
  if (iso) {
    const [, year, month, day, hour, minute, second = '00', fraction = '', zone = 'Z'] = iso;
    // Date.parse would roll 30 February over into March; check the calendar first.
    const wall = { ...wallTimeOf(year, month, day, hour, minute), second: Number(second) };
    if (!isValidWallTime(wall)) return notReal;
    const offset = /^[+-]\d{2}$/.test(zone)
      ? `${zone}:00`
      : zone.length === 5
        ? `${zone.slice(0, 3)}:${zone.slice(3)}`
        : zone.toUpperCase();
    const instant = new Date(
      `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction.slice(0, 4)}${offset}`,
    );
    return Number.isNaN(instant.getTime()) ? notReal : instant;
  }
  const local = EASTERN_WALL_TIME.exec(text);
  if (local) {
    const [, year, month, day, hour, minute, second = '0'] = local;
    const wall = { ...wallTimeOf(year, month, day, hour, minute), second: Number(second) };
    if (!isValidWallTime(wall)) return notReal;
    return (
      easternWallTimeToDate(wall) ??
      `game_date '${text}' does not exist in New York time (clocks skip that hour)`
    );
  }
  return `game_date '${text}' is not a date: ${GAME_DATE_FORMATS}`;
}

const wallTimeOf = (
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  hour: string | undefined,
  minute: string | undefined,
) => ({
  year: Number(year),
  month: Number(month),
  day: Number(day),
  hour: Number(hour),
  minute: Number(minute),
});

function parseResult(text: string, options: PropOption[]): { value: string | null } | string {
  if (text === '') return { value: null };
  if (text.toUpperCase() === VOID_RESULT) return { value: VOID_RESULT };
  const option =
    options.find((candidate) => candidate.value === text) ??
    options.find((candidate) => candidate.value.toLowerCase() === text.toLowerCase()) ??
    options.find((candidate) => candidate.label.toLowerCase() === text.toLowerCase());
  if (option) return { value: option.value };
  const choices = options.map((candidate) => candidate.value).join(', ');
  return `result '${text}' is not one of the options (${choices}) or ${VOID_RESULT}`;
}

/**
 * The row's two options are taken as the market's in order (away then home, over then
 * under), keeping the sheet's labels; null for a row with no event id.
 */
function parseLink(
  cell: (column: Column) => string,
  options: PropOption[],
  problems: string[],
): { link: SheetLink; options: PropOption[] } | null {
  const feedEventId = cleanLine(cell('espn_event_id'));
  const marketText = cleanLine(cell('market')).toLowerCase();
  if (!feedEventId) {
    if (marketText) problems.push('market needs an espn_event_id');
    return null;
  }
  const market = GAME_MARKETS.find((name) => name === marketText);
  if (!market) {
    problems.push(`market must be one of ${GAME_MARKETS.join(', ')}`);
    return null;
  }
  const lineText = cleanLine(cell('line'));
  const line = lineText === '' ? null : Number(lineText);
  if (
    line !== null &&
    (!Number.isFinite(line) || Math.abs(line * 2 - Math.round(line * 2)) > 1e-9)
  ) {
    problems.push(`line '${lineText}' is not a number of points in halves`);
  } else if (line === null && marketNeedsLine(market)) {
    problems.push(`line is required for a ${market} market`);
  }
  const teamText = cleanLine(cell('team')).toLowerCase();
  const team = GAME_SIDES.find((side) => side === teamText) ?? null;
  if (market === 'team_total' && team === null) problems.push('team must be home or away');
  if (market !== 'team_total' && teamText) problems.push('team is only for a team_total market');
  const values = MARKET_OPTION_VALUES[market];
  if (options.length !== values.length) {
    problems.push(`options: a ${market} market has ${values.length} (${values.join(', ')})`);
    return null;
  }
  return {
    link: { feedEventId, market, line: market === 'winner' ? null : line, team },
    options: options.map((option, index) => ({ ...option, value: values[index] ?? option.value })),
  };
}

export const naturalKeyOf = (row: { title: string; description: string; gameDate: Date | null }) =>
  JSON.stringify([row.title, row.description, row.gameDate?.getTime() ?? null]);

function readRecords(text: string): string[][] | string {
  try {
    const records: string[][] = parse(text, {
      bom: true,
      // Short rows (trailing blanks trimmed) read as blank cells; long ones are reported.
      relax_column_count: true,
      skip_empty_lines: false,
    });
    return records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return `The sheet is not valid CSV: ${error.message.replace(/^Invalid \w+ \w+: /, '')}${
        line ? ` (near line ${line})` : ''
      }`;
    }
    throw error;
  }
}

/**
 * Any invalid row fails the whole reading with every problem found, so the operator fixes
 * them in one go and a half-valid sheet never half-applies. All-blank rows are skipped.
 */
export function readMasterPropsSheet(text: string): SheetReading {
  const records = readRecords(text);
  if (typeof records === 'string') return { ok: false, kind: 'sheet', message: records };
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    return { ok: false, kind: 'sheet', message: 'The sheet is empty: it has no header row' };
  }

  const columnIndex = new Map<Column, number>();
  for (const [index, name] of header.entries()) {
    const column = COLUMN_BY_ID.get(columnId(name));
    if (!column) continue; // other columns (notes, odds for the operator) are ignored
    if (columnIndex.has(column)) {
      return { ok: false, kind: 'sheet', message: `The header names the '${column}' column twice` };
    }
    columnIndex.set(column, index);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !columnIndex.has(column));
  if (missing.length > 0) {
    return {
      ok: false,
      kind: 'sheet',
      message: `The header row has no ${missing.map((column) => `'${column}'`).join(', ')} column${
        missing.length > 1 ? 's' : ''
      } (needed: ${REQUIRED_COLUMNS.join(', ')}; optional: result, key, espn_event_id, market, line, team)`,
    };
  }

  const rows: SheetRow[] = [];
  const problems: RowProblem[] = [];
  const rowOfKey = new Map<string, number>();
  const firstOfNaturalKey = new Map<string, { row: number; keyed: boolean }>();

  for (const [index, record] of body.entries()) {
    const rowNumber = index + 2;
    if (record.every((cell) => cell.trim() === '')) continue;
    const cell = (column: Column) => {
      const at = columnIndex.get(column);
      return at === undefined ? '' : (record[at] ?? '');
    };
    const rowProblems: string[] = [];

    const extra = record.slice(header.length).filter((value) => value.trim() !== '');
    if (extra.length > 0) {
      rowProblems.push(`has ${record.length} cells but the header has ${header.length}`);
    }

    const title = cleanLine(cell('title'));
    if (!title) rowProblems.push('title is required');
    else if (title.length > PROP_TITLE_MAX_LENGTH) {
      rowProblems.push(`title must be at most ${PROP_TITLE_MAX_LENGTH} characters`);
    }

    const description = cleanText(cell('description'));
    if (!description) rowProblems.push('description is required');
    else if (description.length > PROP_DESCRIPTION_MAX_LENGTH) {
      rowProblems.push(`description must be at most ${PROP_DESCRIPTION_MAX_LENGTH} characters`);
    }

    const options = normalizeOptions(cell('options').split(OPTION_SEPARATOR));
    const optionsProblem = optionsProblemOf(options);
    if (optionsProblem) {
      rowProblems.push(
        `options: ${optionsProblem} (separate them with '${OPTION_SEPARATOR}', 2 to 5)`,
      );
    }

    const gameDateText = cleanLine(cell('game_date'));
    const gameDate = gameDateText ? parseGameDate(gameDateText) : 'game_date is required';
    if (typeof gameDate === 'string') rowProblems.push(gameDate);

    const linked = parseLink(cell, options, rowProblems);
    const rowOptions = linked?.options ?? options;
    const result = optionsProblem
      ? { value: null }
      : parseResult(cleanLine(cell('result')), rowOptions);
    if (typeof result === 'string') rowProblems.push(result);

    const key = cleanLine(cell('key')) || null;
    if (key !== null) {
      if (key.length > SHEET_KEY_MAX_LENGTH) {
        rowProblems.push(`key must be at most ${SHEET_KEY_MAX_LENGTH} characters`);
      }
      const earlier = rowOfKey.get(key);
      if (earlier !== undefined) rowProblems.push(`key '${key}' is already used on row ${earlier}`);
      else rowOfKey.set(key, rowNumber);
    }

    if (title && description && gameDate instanceof Date) {
      const natural = naturalKeyOf({ title, description, gameDate });
      const first = firstOfNaturalKey.get(natural);
      if (!first) firstOfNaturalKey.set(natural, { row: rowNumber, keyed: key !== null });
      else if (key === null || !first.keyed) {
        rowProblems.push(
          `has the same title, description and game_date as row ${first.row}; give each a distinct key to keep both`,
        );
      }
    }

    if (rowProblems.length > 0 || typeof gameDate === 'string' || typeof result === 'string') {
      problems.push({ row: rowNumber, problems: rowProblems });
      continue;
    }
    rows.push({
      row: rowNumber,
      key,
      title,
      description,
      options: rowOptions,
      gameDate,
      result: result.value,
      link: linked?.link ?? null,
    });
  }

  if (problems.length > 0) return { ok: false, kind: 'rows', rows: problems };
  return { ok: true, rows };
}
