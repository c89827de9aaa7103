import { parseCsv } from '@fleetport/contracts/csv';
import type { DeviceRowResult } from '@fleetport/contracts/device-schemas';

/**
 * Spec §2 "Add device" from a file or a list: the rows the console reads before it sends them.
 * Pure: the dialog shows the problem (a translation key) or sends the devices, and places each
 * refused row on the line it came from.
 */

/** A device to add or verify, as POST /devices/batch and /devices/verify take it. */
export interface ImportedDevice {
  serial: string;
  mac: string;
  name?: string;
}

/** The example file of 'Add device from file': the columns the import reads. */
export const EXAMPLE_CSV = 'serial,mac,name\r\n1100000001,00:1E:42:00:00:01,Depot gateway\r\n';

export type ImportProblem = 'devices.add.badHeader' | 'devices.add.emptyFile' | 'devices.add.emptyList';

/** The devices read, each with the line of the text it starts on; or why nothing can be sent. */
export type ImportRows = { devices: ImportedDevice[]; lines: number[] } | { problem: ImportProblem };

const device = (serial: string | undefined, mac: string | undefined, name: string | undefined) => ({
  serial: (serial ?? '').trim(),
  mac: (mac ?? '').trim(),
  ...(name?.trim() ? { name: name.trim() } : {}),
});

/** The devices of a manufacturer-style file: a header naming serial and mac (any order, any case), name optional. */
export function devicesOfFile(text: string): ImportRows {
  const [head, ...body] = parseCsv(text);
  const header = (head?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const at = (name: string) => header.indexOf(name);
  if (at('serial') < 0 || at('mac') < 0) return { problem: 'devices.add.badHeader' };
  const named = at('name') >= 0;
  return {
    devices: body.map(({ cells }) =>
      device(cells[at('serial')], cells[at('mac')], named ? cells[at('name')] : undefined),
    ),
    lines: body.map((row) => row.line),
  };
}

/** The devices of a typed list: one a line, "serial, MAC[, name]". */
export function devicesOfList(text: string): ImportRows {
  const rows = parseCsv(text);
  return {
    devices: rows.map(({ cells }) => device(cells[0], cells[1], cells[2])),
    lines: rows.map((row) => row.line),
  };
}

/** The rows of a file or a list, refused when there is no device in it. */
export function readImport(mode: 'file' | 'list', text: string): ImportRows {
  const rows = mode === 'file' ? devicesOfFile(text) : devicesOfList(text);
  if ('problem' in rows || rows.devices.length > 0) return rows;
  return { problem: mode === 'file' ? 'devices.add.emptyFile' : 'devices.add.emptyList' };
}

/** The refused rows of an answer, each with the line of the text it came from (its row number else). */
export function failedRows(
  rows: readonly DeviceRowResult[],
  lines: readonly number[],
): (DeviceRowResult & { line: number })[] {
  return rows.filter((row) => !row.ok).map((row) => ({ ...row, line: lines[row.row - 1] ?? row.row }));
}
