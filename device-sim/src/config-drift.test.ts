import { afterEach, describe, expect, it, vi } from 'vitest';
import { localChangeOf, startLocalChanges } from './config-drift.ts';
import { createConfigStore } from './config-store.ts';
import type { SimDevice, SimDeviceState } from './device.ts';
import { generateFleet } from './fleet.ts';
import { createRandom } from './random.ts';

type Unit = Pick<SimDevice, 'state' | 'profile' | 'configuration' | 'changeLocally'>;

/** Units with a real configuration and no connection: what the schedule changes, and when. */
function units(count: number, state: SimDeviceState = 'online') {
  const changed: string[] = [];
  const fleet = generateFleet(count, { seed: 5 }).map((profile): Unit => {
    const config = createConfigStore(profile);
    return {
      state,
      profile: { ...profile, secret: '' },
      configuration: () => config.report(),
      changeLocally: (changes) => {
        const planned = config.plan(changes);
        if (!planned.ok) return planned;
        config.apply(planned.next, 'local');
        changed.push(`${profile.serial} ${Object.keys(changes).join(',')}`);
        return { ok: true, revision: config.revision };
      },
    };
  });
  return { fleet, changed };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('changes made on site', () => {
  it('are valid changes of the tree they are made to', () => {
    const random = createRandom(9);
    for (const { profile, configuration } of units(40).fleet) {
      const change = localChangeOf(configuration().config, profile.place.city, random);
      if (!change) continue;
      const store = createConfigStore(profile);
      expect(store.plan(change.changes)).toMatchObject({ ok: true });
    }
  });

  it('come about perHour an hour across the fleet, the same ones for the same seed, on online units only', () => {
    vi.useFakeTimers();
    const run = (state: SimDeviceState) => {
      const { fleet, changed } = units(50, state);
      const lines: string[] = [];
      const stop = startLocalChanges(fleet, { seed: 1, perHour: 5, log: (line) => lines.push(line) });
      vi.advanceTimersByTime(10 * 3_600_000);
      stop();
      return { changed, lines };
    };

    const first = run('online');
    const second = run('online');
    const away = run('offline');

    expect(first.changed.length).toBeGreaterThan(25);
    expect(first.changed.length).toBeLessThan(80);
    expect(second.changed).toEqual(first.changed);
    expect(first.lines[0]).toMatch(/^sim: \d+ changed on site: [a-z_.0-9]+ \(revision \d+\)$/);
    expect(away.changed).toEqual([]);
  });

  it('none at all with perHour 0', () => {
    vi.useFakeTimers();
    const { fleet, changed } = units(10);
    startLocalChanges(fleet, { seed: 1, perHour: 0 })();
    vi.advanceTimersByTime(100 * 3_600_000);
    expect(changed).toEqual([]);
  });
});
