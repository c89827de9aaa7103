import { gzipSync } from 'node:zlib';
import {
  DEVICE_BACKUP_CONTENT_TYPE,
  DEVICE_BACKUP_FORMAT,
  DEVICE_BACKUP_VERSION,
  type DeviceBackupDocument,
} from '@fleetport/contracts/device-backups';
import type { Command, CommandResult } from '@fleetport/contracts/device-protocol';
import type { ConfigStore } from './config-store.ts';
import { formatBytes } from './device-firmware.ts';
import type { DeviceProfile } from './fleet.ts';

/**
 * Take a backup (docs/device-protocol.md "backup.upload"): the unit packs its configuration
 * archive, a gzip of one JSON document holding its identity, firmware, revision and whole tree
 * with its secrets (as a router's own backup does: a restore must bring the keys back), and PUTs
 * it to the signed URL of the command. A refusal is answered `failed` with the server's reason.
 */
export type BackupUpload = Extract<Command, { action: 'backup.upload' }>;

/** What the upload needs of the device (device.ts provides it through `CommandHost`). */
export interface BackupHost {
  profile: DeviceProfile;
  config: ConfigStore;
  firmware(): string;
  respond(result: Omit<CommandResult, 'v'>): Promise<void>;
  /** False once the connection the command came on is gone. */
  current(): boolean;
  wait(ms: number): Promise<void>;
  /** A pause between the steps (pack, upload), and how long an upload may take. */
  steps: { backupMs: number; firmwareStallMs: number };
}

/** The most of the server's reason a `failed` answer carries (the protocol's `error` is at most 500). */
const REASON_MAX = 400;

/** The document the archive holds: the unit's whole configuration, secrets included. */
export function backupDocument(
  profile: Pick<DeviceProfile, 'serial' | 'model'>,
  firmware: string,
  config: Pick<ConfigStore, 'revision' | 'current'>,
  at: Date,
): DeviceBackupDocument {
  return {
    format: DEVICE_BACKUP_FORMAT,
    version: DEVICE_BACKUP_VERSION,
    serial: profile.serial,
    model: profile.model,
    firmware,
    revision: config.revision,
    created_at: at.toISOString(),
    config: config.current(),
  };
}

/** The archive as uploaded: gzip of the document's JSON. */
export const backupArchive = (document: DeviceBackupDocument): Buffer =>
  gzipSync(Buffer.from(JSON.stringify(document)));

export async function uploadBackup(command: BackupUpload, host: BackupHost): Promise<void> {
  const { id } = command;
  await host.respond({ id, state: 'accepted' });
  const archive = backupArchive(backupDocument(host.profile, host.firmware(), host.config, new Date()));
  await host.wait(host.steps.backupMs);
  if (!host.current()) return;
  await host.respond({ id, state: 'progress', progress: 30 });
  const outcome = await put(command.url, archive, host.steps.firmwareStallMs);
  // The answer is remembered for the command's id even when the connection has gone meanwhile.
  if ('error' in outcome) return host.respond({ id, state: 'failed', error: outcome.error });
  if (host.current()) await host.respond({ id, state: 'progress', progress: 100 });
  const stored = outcome.name ? ` as ${outcome.name}` : '';
  return host.respond({
    id,
    state: 'done',
    output: `Backup of revision ${host.config.revision} uploaded${stored} (${formatBytes(archive.length)}).`,
  });
}

type Uploaded = { name?: string } | { error: string };

/** One PUT of the archive; the server's refusal in its own words (the envelope's first error). */
async function put(url: string, archive: Buffer, timeoutMs: number): Promise<Uploaded> {
  try {
    const response = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': DEVICE_BACKUP_CONTENT_TYPE },
      body: archive,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const body = parseJson(text) as
      | { data?: { name?: unknown }; errors?: { message?: unknown }[] }
      | undefined;
    if (!response.ok) {
      const said = body?.errors?.[0]?.message;
      const reason = typeof said === 'string' && said ? `: ${said.slice(0, REASON_MAX)}` : '';
      return { error: `upload refused: HTTP ${response.status}${reason}` };
    }
    const name = body?.data?.name;
    return typeof name === 'string' ? { name } : {};
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { error: `upload failed: no answer for ${timeoutMs / 1000} s` };
    }
    return { error: `upload failed: ${reasonOf(error)}`.slice(0, 500) };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** fetch says only "fetch failed"; the socket's own words are in its cause. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && cause.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
