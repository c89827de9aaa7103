import { createHash } from 'node:crypto';
import type { Command, CommandResult } from '@fleetport/contracts/device-protocol';
import type { Random } from './random.ts';

/**
 * A firmware update as a unit in the field runs it (docs/device-protocol.md, "firmware.update"):
 * room on the flash, a streamed download hashed as it arrives, the SHA-256 compared before
 * anything is written, the flash, and a reboot onto the new image. The device proves the
 * update by its next hello; every failure before the flash leaves it on its current firmware.
 */
export type FirmwareUpdate = Extract<Command, { action: 'firmware.update' }>;

/** How an update can go wrong in the field, so that the console's health gates have something to catch. */
export const FIRMWARE_FAILURES = ['checksum', 'power_loss', 'no_space'] as const;
export type FirmwareFailure = (typeof FIRMWARE_FAILURES)[number];

const MIB = 1024 * 1024;
/** Flash left for an image beside the running one and the overlay: a mid-range router's. */
export const DEFAULT_FLASH_FREE_BYTES = 48 * MIB;

export const CHECKSUM_MISMATCH = 'checksum mismatch: the image is damaged, nothing was flashed';

/** The download fills 0–80 %, the flash the rest; at most every 10 % so that a fleet does not flood MQTT. */
const DOWNLOAD_SHARE = 80;
const PROGRESS_EVERY = 10;
const FLASH_STEPS = [85, 90, 95, 100];
/** A power loss strikes after the flash has reached this step (90 %): half written. */
const POWER_LOSS_AFTER = 1;

/** What the update needs of the device (device.ts provides it through `CommandHost`). */
export interface FirmwareHost {
  respond(result: Omit<CommandResult, 'v'>): Promise<void>;
  firmware(): string;
  /** Drops the connection the way a power cycle does, and comes back on `firmware` if given. */
  reboot(firmware?: string): void;
  /**
   * The power goes mid-flash: the unit restarts on the image it ran before. It sends nothing;
   * `error` is what it answers a second copy of the command with.
   */
  powerLoss(error: string): void;
  /** False once the connection the command came on is gone (a reboot, a stop). */
  current(): boolean;
  wait(ms: number): Promise<void>;
  /** Bytes free on the flash for a new image. */
  flashFreeBytes: number;
  /** How this update is to fail, if it is; asking uses up an injected failure. */
  firmwareFailure(): FirmwareFailure | undefined;
  steps: { firmwareMs: number; firmwareStallMs: number };
}

/** Runs an accepted update towards `firmware` (the full name the unit will report). */
export async function updateFirmware(
  command: FirmwareUpdate,
  firmware: string,
  host: FirmwareHost,
): Promise<void> {
  const { id } = command;
  const failure = host.firmwareFailure();
  // A full flash (old images, logs) leaves a quarter of what the image needs.
  const free =
    failure === 'no_space'
      ? Math.min(host.flashFreeBytes, Math.floor(command.size / 4))
      : host.flashFreeBytes;
  if (command.size > free || failure === 'no_space') {
    const error = `not enough space: the image needs ${formatBytes(command.size)}, ${formatBytes(free)} free`;
    return host.respond({ id, state: 'failed', error });
  }
  const image = await download(command, host, failure === 'checksum');
  if (image === undefined) return;
  if ('error' in image) return host.respond({ id, state: 'failed', error: image.error });
  if (image.sha256 !== command.sha256) return host.respond({ id, state: 'failed', error: CHECKSUM_MISMATCH });
  for (const [step, progress] of FLASH_STEPS.entries()) {
    await host.wait(host.steps.firmwareMs);
    if (!host.current()) return;
    if (failure === 'power_loss' && step > POWER_LOSS_AFTER) {
      // The bootloader finds the new image incomplete and starts the old one.
      return host.powerLoss(`power was lost while flashing; the unit restarted on ${host.firmware()}`);
    }
    await host.respond({ id, state: 'progress', progress });
  }
  // No `done`: the device proves the update by its next hello, on the new firmware.
  host.reboot(firmware);
}

type Downloaded = { sha256: string } | { error: string };

/**
 * Streams the image through SHA-256, never holding it whole (a bench runs 10,000 devices).
 * Undefined when the connection the command came on went away: the unit stops quietly.
 */
async function download(
  command: FirmwareUpdate,
  host: FirmwareHost,
  corrupt: boolean,
): Promise<Downloaded | undefined> {
  const { id, size } = command;
  const stallMs = host.steps.firmwareStallMs;
  const controller = new AbortController();
  const stall = setTimeout(() => controller.abort(), stallMs);
  try {
    const response = await fetch(command.url, { signal: controller.signal });
    if (!response.ok || !host.current()) {
      await response.body?.cancel();
      return host.current() ? { error: `download failed: HTTP ${response.status}` } : undefined;
    }
    const hash = createHash('sha256');
    let received = 0;
    let reported = 0;
    await host.respond({ id, state: 'progress', progress: 0 });
    // Leaving the loop early cancels the stream, which closes the request.
    const body: AsyncIterable<Uint8Array> = response.body ?? emptyBody();
    for await (const chunk of body) {
      stall.refresh();
      if (!host.current()) return undefined;
      if (corrupt && received === 0 && chunk.length > 0) {
        // Damaged on the way: one flipped byte, which only the checksum can tell.
        hash.update(chunk.subarray(0, 1).map((byte) => byte ^ 0xff));
        hash.update(chunk.subarray(1));
      } else {
        hash.update(chunk);
      }
      received += chunk.length;
      if (received > size) return { error: `size mismatch: received more than the ${size} bytes expected` };
      const progress = Math.floor((received / size) * (DOWNLOAD_SHARE / PROGRESS_EVERY)) * PROGRESS_EVERY;
      if (progress > reported) {
        reported = progress;
        await host.respond({ id, state: 'progress', progress });
      }
    }
    if (received < size) return { error: `size mismatch: received ${received} of ${size} bytes` };
    return { sha256: hash.digest('hex') };
  } catch (error) {
    if (!host.current()) return undefined;
    if (controller.signal.aborted) return { error: `download failed: no data for ${stallMs / 1000} s` };
    return { error: `download failed: ${reasonOf(error)}` };
  } finally {
    clearTimeout(stall);
  }
}

/** fetch says only "fetch failed"; the socket's own words are in its cause (ECONNREFUSED, other side closed). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && cause.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** As the unit's shell prints sizes: binary units, one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} bytes`;
}

/**
 * Which of a device's updates fail: the one after an injected failure does, then each with
 * probability `rate`, in a random mode. `random` is the device's own seeded stream, so a run
 * with the same seed fails the same updates of the same devices in the same ways.
 */
export function createFirmwareFaults(rate: number, random: Random) {
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`a firmware failure rate is within 0..1, not ${rate}`);
  let injected: FirmwareFailure | undefined;
  return {
    /** Arms the next update to fail this way; undefined disarms it. */
    inject(mode: FirmwareFailure | undefined): void {
      injected = mode;
    },
    next(): FirmwareFailure | undefined {
      const mode = injected;
      injected = undefined;
      if (mode) return mode;
      // No draw at 0: a fleet without failures consumes nothing of the stream.
      return rate > 0 && random.chance(rate) ? random.pick(FIRMWARE_FAILURES) : undefined;
    },
  };
}

/** A response without a body (a zero-byte image) reads as an empty stream. */
async function* emptyBody(): AsyncGenerator<Uint8Array> {}
