import { describe, expect, it } from 'vitest';
import {
  columnStorageKey,
  filterParamsOf,
  initialGridState,
  listParams,
  readColumnVisibility,
  type ServerColumn,
} from './grid-query.ts';

type Row = { id: number; name: string; level: number; users: number };

const columns: ServerColumn<Row>[] = [
  { field: 'id', type: 'number', filter: { param: 'id', match: 'equals' } },
  { field: 'name', filter: { param: 'name', match: 'contains' } },
  { field: 'level', type: 'singleSelect', filter: { param: 'level', match: 'equals' } },
  { field: 'users', type: 'number' },
];

describe('server-side list query (spec §7 list conventions: limit, offset, sort, q and filters)', () => {
  const filterable = filterParamsOf(columns);

  it("gives each filterable column the grid's operator for its match, and none to the others", () => {
    expect(filterable).toEqual({
      id: { param: 'id', operator: '=' },
      name: { param: 'name', operator: 'contains' },
      level: { param: 'level', operator: 'is' },
    });
  });

  it('pages with limit and offset', () => {
    expect(listParams(initialGridState({ page: 2, pageSize: 50 }), filterable)).toEqual({
      limit: 50,
      offset: 100,
    });
  });

  it("sorts with a comma list, '-' for descending, unsorted keys left out", () => {
    const state = initialGridState({
      sort: [
        { field: 'level', sort: 'desc' },
        { field: 'name', sort: 'asc' },
        { field: 'users', sort: null },
      ],
    });
    expect(listParams(state, filterable).sort).toBe('-level,name');
  });

  it('sends the trimmed search as q and each filled filter as its parameter', () => {
    const state = initialGridState({
      search: '  acme ',
      filters: [
        { field: 'name', operator: 'contains', value: ' east ' },
        { field: 'level', operator: 'is', value: 3 },
        { field: 'id', operator: '=', value: '' },
      ],
    });
    expect(listParams(state, filterable)).toEqual({
      q: 'acme',
      name: 'east',
      level: 3,
      limit: 25,
      offset: 0,
    });
  });

  it('ignores a filter the list cannot answer: another operator, or a column without a parameter', () => {
    const state = initialGridState({
      filters: [
        { field: 'name', operator: 'startsWith', value: 'Ac' },
        { field: 'users', operator: '=', value: 2 },
      ],
    });
    expect(listParams(state, filterable)).toEqual({ limit: 25, offset: 0 });
  });
});

describe('column choice in user storage', () => {
  it('is stored per grid and read back defensively', () => {
    expect(columnStorageKey('companies')).toBe('grid.companies.columns');
    expect(readColumnVisibility({ created_at: false, name: true, bad: 'no' })).toEqual({
      created_at: false,
      name: true,
    });
    expect(readColumnVisibility(['created_at'])).toEqual({});
    expect(readColumnVisibility(undefined)).toEqual({});
  });
});
