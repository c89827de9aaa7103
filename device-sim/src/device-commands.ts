import type { Command } from '@fleetport/contracts/device-protocol';
import { uploadBackup } from './device-backup.ts';
import { type ConfigHost, writeConfig } from './device-config.ts';
import { type FirmwareHost, updateFirmware } from './device-firmware.ts';
import type { DeviceShell } from './device-shell.ts';

/**
 * How a device answers each command of docs/device-protocol.md §commands. The device itself
 * (device.ts) provides the connection-side effects through `CommandHost`.
 */
export interface CommandHost extends FirmwareHost, ConfigHost {
  shell: DeviceShell;
  monitoring(): boolean;
  reportAll(): void;
  steps: FirmwareHost['steps'] & { backupMs: number };
}

const VERSION = /^[\w.-]{1,60}$/;

export async function runCommand(command: Command, host: CommandHost): Promise<void> {
  const { id } = command;
  switch (command.action) {
    case 'reboot':
      await host.respond({ id, state: 'accepted' });
      host.reboot();
      return;
    case 'refresh':
      // The config says not to report: a refresh must not make it (spec: only hello and status).
      if (!host.monitoring()) return host.respond({ id, state: 'failed', error: 'monitoring is disabled' });
      await host.respond({ id, state: 'accepted' });
      host.reportAll();
      return host.respond({ id, state: 'done' });
    case 'config.read': {
      // One section's values, or the whole tree; secrets masked either way.
      const read = host.config.read(command.section);
      if (!read.ok) return host.respond({ id, state: 'failed', error: read.error });
      const found = 'config' in read ? { config: read.config } : { values: read.values };
      return host.respond({ id, state: 'done', ...found, revision: host.config.revision });
    }
    case 'config.write':
      return writeConfig(command, host);
    case 'cli': {
      const outcome = host.shell.run(command.command);
      if (!outcome.ok) return host.respond({ id, state: 'failed', error: outcome.error });
      await host.respond({ id, state: 'done', output: outcome.output });
      // A `uci commit` that cuts the unit off takes it away once it has answered.
      outcome.afterwards?.();
      return;
    }
    case 'firmware.update': {
      const firmware = nextFirmware(host.firmware(), command.version);
      if (!firmware)
        return host.respond({ id, state: 'failed', error: `"${command.version}" is not a firmware version` });
      await host.respond({ id, state: 'accepted' });
      return updateFirmware(command, firmware, host);
    }
    case 'backup.upload':
      return uploadBackup(command, host);
  }
}

/**
 * The firmware a device runs after an update to `version`: a full name (`RUT9M_R_00.07.08`) as it
 * is, a bare version (`00.07.08`) in place of the current one's version.
 */
export function nextFirmware(current: string, version: string): string | undefined {
  if (!VERSION.test(version)) return undefined;
  if (version.includes('_')) return version;
  const cut = current.lastIndexOf('_');
  const firmware = `${cut >= 0 ? current.slice(0, cut + 1) : ''}${version}`;
  return firmware.length <= 60 ? firmware : undefined;
}
