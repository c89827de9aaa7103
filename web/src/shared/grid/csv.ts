import { type CsvValue, csvLine } from '@fleetport/contracts/csv';
import type { ApiClient } from '../api/client.ts';
import { saveBlob } from '../api/download.ts';
import type { ListParams } from './grid-query.ts';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** RFC 4180 CSV with a header row and CRLF line ends. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return [
    csvLine(columns.map((column) => column.header)),
    ...rows.map((row) => csvLine(columns.map((column) => column.value(row)))),
  ].join('');
}

/** The export's ceiling: a list bigger than this is cut, and the caller says so. */
export const MAX_EXPORT_ROWS = 10_000;
const PAGE = 100;

/**
 * Every row of a server-side list under the given filters, read page by page (the list answers
 * 100 at most, spec §9), up to MAX_EXPORT_ROWS.
 */
export async function fetchAllRows<Row>(
  api: ApiClient,
  url: string,
  params: ListParams,
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += PAGE) {
    const answer = await api.http.get<{ data: Row[]; meta?: { total?: number } }>(url, {
      params: { ...params, limit: PAGE, offset },
    });
    rows.push(...answer.data.data);
    total = answer.data.meta?.total ?? rows.length;
    if (answer.data.data.length < PAGE || rows.length >= total) break;
  }
  return { rows: rows.slice(0, MAX_EXPORT_ROWS), total };
}

/** Offers a CSV text as a file download (UTF-8 with a BOM, so spreadsheets read Japanese right). */
export function saveCsv(text: string, fileName: string): void {
  saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName);
}
