// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clientOver, fakeServer } from '../api/fake-server.ts';
import { fetchAllRows, toCsv } from './csv.ts';

describe('CSV export', () => {
  type Row = { name: string; users: number; note: string | null };
  const columns = [
    { header: 'Name', value: (row: Row) => row.name },
    { header: 'Users', value: (row: Row) => row.users },
    { header: 'Note', value: (row: Row) => row.note },
  ];

  it('writes RFC 4180 rows: quotes, doubled quotes, CRLF, empty for null', () => {
    const csv = toCsv(columns, [
      { name: 'Acme, Inc.', users: 4, note: 'say "hi"' },
      { name: 'Line\nbreak', users: 0, note: null },
    ]);
    expect(csv).toBe('Name,Users,Note\r\n"Acme, Inc.",4,"say ""hi"""\r\n"Line\nbreak",0,\r\n');
  });

  it('defuses text a spreadsheet would run as a formula (= + - @), numbers stay numbers', () => {
    const csv = toCsv(columns, [{ name: '=HYPERLINK("x")', users: -1, note: '@SUM(A1)' }]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-1,'@SUM(A1)`);
  });

  it('reads a server-side list page by page (100 at most) with the same filters', async () => {
    const all = Array.from({ length: 230 }, (_, index) => ({ id: index + 1 }));
    const server = fakeServer({
      'GET /companies': (request) => {
        const params = request.config.params as { offset: number; limit: number };
        return {
          status: 200,
          data: { data: all.slice(params.offset, params.offset + params.limit), meta: { total: all.length } },
        };
      },
    });
    const { rows, total } = await fetchAllRows(clientOver(server), '/companies', { q: 'acme', sort: 'name' });
    expect(total).toBe(230);
    expect(rows).toHaveLength(230);
    const asked = server.seen.map((request) => request.config.params);
    expect(asked).toEqual([
      { q: 'acme', sort: 'name', limit: 100, offset: 0 },
      { q: 'acme', sort: 'name', limit: 100, offset: 100 },
      { q: 'acme', sort: 'name', limit: 100, offset: 200 },
    ]);
  });
});
