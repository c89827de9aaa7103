import type { ConfigTree } from '@fleetport/contracts/device-config';
import type { Command, CommandResult } from '@fleetport/contracts/device-protocol';
import { cutOffBy } from './config-reach.ts';
import type { ConfigChanges, ConfigStore, Outcome } from './config-store.ts';
import type { DeviceProfile } from './fleet.ts';

/**
 * How a unit takes a change of its configuration (docs/device-protocol.md "Configuration"):
 * from the console (`config.write`) or from someone on site (`uci commit`, config-drift.ts).
 * Checked whole, applied at once, reported. A change that cuts the unit off (config-reach.ts)
 * really ends its connection: with `rollback_s` the unit puts the previous tree back after that
 * long and says so; without, it stays cut off until someone on site puts it right.
 */
export type ConfigWrite = Extract<Command, { action: 'config.write' }>;
type Answer = Omit<CommandResult, 'v'>;

export interface ConfigHost {
  profile: DeviceProfile;
  config: ConfigStore;
  respond(answer: Answer): Promise<void>;
  /** Publishes the tree's report if connected; otherwise the next hello's report carries it. */
  reportConfig(): Promise<void>;
  /**
   * The unit loses the gateway: its connection ends without DISCONNECT (the will fires) and it
   * stays away `awayMs`. `restore` runs before it comes back, or at once if it is stopped.
   */
  cutOff(awayMs: number, restore: () => void): void;
  /** Remembers the final answer for its command id at once, and sends it after the next hello. */
  answerOnReturn(answer: Answer): void;
  /** `rollback_s` on the simulator's clock (divided by its time scale). */
  rollbackMs(seconds: number): number;
  /** How long until someone on site puts right a unit that cut itself off. */
  siteVisitMs(): number;
}

export const rolledBack = (seconds: number) =>
  `rolled back: the device could not reach the gateway for ${seconds} s after the change`;

export async function writeConfig(command: ConfigWrite, host: ConfigHost): Promise<void> {
  const { id } = command;
  const changes = changesOf(command);
  if (!changes.ok) return host.respond({ id, state: 'failed', error: changes.error });
  const planned = host.config.plan(changes.changes);
  if (!planned.ok) return host.respond({ id, state: 'failed', error: planned.error });
  const previous = host.config.current();
  const cut = cutOffBy(host.profile, previous, planned.next);
  const seconds = command.rollback_s;
  if (cut && seconds !== undefined) {
    await host.respond({ id, state: 'accepted' });
    // The change goes with the link: no report of it reaches the gateway.
    host.config.apply(planned.next, 'console');
    host.cutOff(host.rollbackMs(seconds), () => {
      host.config.apply(previous, 'rollback');
      host.answerOnReturn({ id, state: 'failed', error: rolledBack(seconds) });
    });
    return;
  }
  const changed = host.config.apply(planned.next, 'console');
  await host.respond({ id, state: 'done', revision: host.config.revision });
  if (changed) await host.reportConfig();
  // No rollback asked for: the unit goes as a real one would, and waits for a visit.
  if (cut) host.cutOff(host.siteVisitMs(), () => host.config.apply(previous, 'local'));
}

/**
 * A change made on the unit itself, already planned: a new revision, reported with `by: local`.
 * `afterwards` takes the unit off the network when the change cuts it off; the caller runs it
 * once it has answered (the `cli` command that committed it).
 */
export function commitLocally(
  next: ConfigTree,
  host: Omit<ConfigHost, 'respond'>,
): { revision: number; afterwards?: () => void } {
  const previous = host.config.current();
  if (!host.config.apply(next, 'local')) return { revision: host.config.revision };
  void host.reportConfig();
  if (!cutOffBy(host.profile, previous, next)) return { revision: host.config.revision };
  return {
    revision: host.config.revision,
    afterwards: () => host.cutOff(host.siteVisitMs(), () => host.config.apply(previous, 'local')),
  };
}

/** One section's options, or several sections at once: exactly one of the two forms. */
function changesOf(command: ConfigWrite): Outcome<{ changes: ConfigChanges }> {
  const { section, values, changes } = command;
  if (section !== undefined && values !== undefined && changes === undefined) {
    return { ok: true, changes: { [section]: values } };
  }
  if (section === undefined && values === undefined && changes !== undefined) {
    if (Object.keys(changes).length === 0) return { ok: false, error: 'no section to change' };
    return { ok: true, changes };
  }
  return { ok: false, error: 'a config.write has either section and values, or changes' };
}
