import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { macSchema, SERIAL_PATTERN } from '@fleetport/contracts/device-protocol';
import { type DeviceProfile, type FleetShape, generateFleet } from './fleet.ts';

/**
 * The fleet manifest: one CSV row per device identity, with the secret it connects with. It has
 * the columns of a manufacturer's CSV for Approved Devices (the API imports serial, mac and
 * secret), so the file can be imported as it is. Secrets are random, never derived from the
 * seed: whoever knows the seed must not be able to connect as the fleet.
 */
export const MANIFEST_COLUMNS = ['serial', 'mac', 'secret', 'model', 'firmware', 'name'] as const;
export type ManifestRow = Record<(typeof MANIFEST_COLUMNS)[number], string>;

export interface SimDeviceProfile extends DeviceProfile {
  secret: string;
}

/** 24 random bytes, base64url: 32 characters. */
export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

export async function readFleetCsv(file: string): Promise<ManifestRow[]> {
  return parseFleetCsv(await readFile(file, 'utf8'), file);
}

/** Writes the whole manifest; readable by its owner only, since it holds secrets. */
export async function writeFleetCsv(file: string, rows: readonly ManifestRow[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, formatFleetCsv(rows), { mode: 0o600 });
  await rename(temporary, file);
}

/**
 * The fleet of `count` devices for `seed`, with their secrets. An existing manifest is reused:
 * a device whose serial it lists keeps that row's MAC address and secret (what the API
 * approved); devices it lacks get new secrets and are appended, and `added` says how many.
 * Rows of devices outside this fleet stay in the file. The shape never changes a device's
 * identity (the clone borrows another's and is never in the file), so a manifest keeps matching
 * whichever shape runs it.
 */
export async function loadOrCreateFleet(
  file: string,
  count: number,
  seed: number,
  shape: FleetShape = {},
): Promise<{ devices: SimDeviceProfile[]; added: number }> {
  const rows = await readFleetCsv(file).catch((error: NodeJS.ErrnoException): ManifestRow[] => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const bySerial = new Map(rows.map((row) => [row.serial, row]));
  const generated = generateFleet(count, { seed, ...shape });
  let added = 0;
  for (const device of generated) {
    if (device.cloneOf !== undefined || bySerial.has(device.serial)) continue;
    const { serial, mac, model, firmware, name } = device;
    const row = { serial, mac, secret: newSecret(), model, firmware, name };
    rows.push(row);
    bySerial.set(serial, row);
    added++;
  }
  if (added > 0) await writeFleetCsv(file, rows);
  const devices = generated.map((device): SimDeviceProfile => {
    const row = bySerial.get(device.serial);
    if (!row) throw new Error(`no manifest row for ${device.serial}`);
    // A clone keeps its own MAC address: that difference is what the gateway catches.
    return { ...device, mac: device.cloneOf === undefined ? row.mac : device.mac, secret: row.secret };
  });
  return { devices, added };
}

export function formatFleetCsv(rows: readonly ManifestRow[]): string {
  const lines = [MANIFEST_COLUMNS.join(',')];
  for (const row of rows) lines.push(MANIFEST_COLUMNS.map((column) => csvField(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180: columns found by header name, so extra columns and any order are fine. */
export function parseFleetCsv(text: string, source = 'fleet manifest'): ManifestRow[] {
  const [header, ...records] = csvRecords(text.replace(/^\uFEFF/, ''));
  if (!header) return [];
  const names = header.map((name) => name.trim().toLowerCase());
  const columnOf = (column: string) => names.indexOf(column);
  for (const required of ['serial', 'mac', 'secret']) {
    if (columnOf(required) < 0) throw new Error(`${source}: the header has no "${required}" column`);
  }
  const seen = new Set<string>();
  return records.map((record, at) => {
    const line = at + 2;
    const field = (column: string) => record[columnOf(column)]?.trim() ?? '';
    const serial = field('serial');
    if (!SERIAL_PATTERN.test(serial))
      throw new Error(`${source}:${line}: serial "${serial}" is not 6–20 letters and digits`);
    if (seen.has(serial)) throw new Error(`${source}:${line}: serial ${serial} is listed twice`);
    seen.add(serial);
    const mac = macSchema.safeParse(field('mac'));
    if (!mac.success) throw new Error(`${source}:${line}: "${field('mac')}" is not a MAC address`);
    const secret = field('secret');
    if (secret === '') throw new Error(`${source}:${line}: the secret is empty`);
    return {
      serial,
      mac: mac.data,
      secret,
      model: field('model'),
      firmware: field('firmware'),
      name: field('name'),
    };
  });
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      if (record.some((value) => value !== '')) records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  record.push(field);
  if (record.some((value) => value !== '')) records.push(record);
  return records;
}
