/**
 * Product rules §10 'CSV': files a leader opens in a spreadsheet. Cells are written as
 * RFC 4180 says (quoted when they hold a comma, a quote or a line break; quotes doubled;
 * lines end with CRLF), and a cell a spreadsheet would read as a formula is neutralised
 * with a leading apostrophe (decision 0098): a display name like `=HYPERLINK(...)` must
 * not become a link or run anything on the leader's computer.
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

/** What spreadsheets start a formula with, tab and carriage return included (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain signed decimal ('-2.5', '+7') is a number to a spreadsheet, never a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** The text with a leading apostrophe when a spreadsheet would read it as a formula. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

const textOf = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
};

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: CsvValue): string {
  const text = neutralizeFormula(textOf(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** A whole file: the header, then one line per row, every line ended by CRLF. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
): string {
  return [header, ...rows].map((row) => `${csvRow(row)}\r\n`).join('');
}

/**
 * A download's file name from the group's name and what it holds ('Bills Fans!' and
 * 'standings week 3' → 'bills-fans-standings-week-3.csv'): ASCII letters, digits and
 * hyphens only, so it goes into a Content-Disposition header as it is.
 */
export function exportFileName(groupName: string, what: string): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const group = slug(groupName).slice(0, 40).replace(/-+$/, '') || 'group';
  return `${group}-${slug(what) || 'export'}.csv`;
}
