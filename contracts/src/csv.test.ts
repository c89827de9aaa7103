import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, parseCsv } from './csv.ts';

describe('CSV (RFC 4180)', () => {
  it('writes quotes, doubled quotes and defuses formulas', () => {
    expect(csvLine(['Acme, Inc.', 4, 'say "hi"', null])).toBe('"Acme, Inc.",4,"say ""hi""",\r\n');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-1)).toBe('-1');
  });

  it('reads quoted cells with commas, quotes and line breaks, and numbers each row by its first line', () => {
    const rows = parseCsv(
      '\uFEFFserial,mac,name\r\n1100000001,00:1E:42:00:00:01,"Shop, east"\n\n"2200000002",00:1E:42:00:00:02,"two\nlines ""x"""\n',
    );
    expect(rows).toEqual([
      { line: 1, cells: ['serial', 'mac', 'name'] },
      { line: 2, cells: ['1100000001', '00:1E:42:00:00:01', 'Shop, east'] },
      { line: 4, cells: ['2200000002', '00:1E:42:00:00:02', 'two\nlines "x"'] },
    ]);
  });

  it('round-trips what it writes', () => {
    const values = ['a,b', 'c"d', 'e\r\nf', '', 'plain'];
    expect(parseCsv(csvLine(values))[0]?.cells).toEqual(values);
  });

  it('keeps a last row without a line end', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });
});
