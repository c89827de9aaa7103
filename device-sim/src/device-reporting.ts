import {
  type DeviceConfig,
  DYNAMIC_INTERVAL_S,
  PROTOCOL_VERSION,
  STATIC_INTERVAL_S,
  type TelemetryCategory,
} from '@fleetport/contracts/device-protocol';

/**
 * When a device reports what (docs/device-protocol.md §config): every category at the
 * dynamic interval except `static`, which has its own; nothing at all while monitoring is off.
 */
export const DEFAULT_CONFIG: DeviceConfig = {
  v: PROTOCOL_VERSION,
  monitoring: true,
  intervals_s: { dynamic: DYNAMIC_INTERVAL_S.default, static: STATIC_INTERVAL_S.default },
};

/** setInterval cannot wait longer; a 30-day static interval would otherwise fire at once. */
const LONGEST_TIMER_MS = 2_147_483_647;

export interface Reporting {
  readonly config: DeviceConfig;
  /** A new connection: nothing is reported until a config arrives or `begin` is called. */
  reset(): void;
  /** Starts reporting on the current config, unless a config already started it. */
  begin(): void;
  configure(config: DeviceConfig): void;
  reportAll(): void;
  stop(): void;
}

export function createReporting(options: {
  publish: (category: TelemetryCategory) => void;
  categories: () => readonly TelemetryCategory[];
  timeScale: number;
}): Reporting {
  let config = DEFAULT_CONFIG;
  let begun = false;
  let loops: NodeJS.Timeout[] = [];

  const every = (seconds: number) =>
    Math.min(LONGEST_TIMER_MS, Math.max(5, Math.round((seconds * 1000) / options.timeScale)));
  const report = (which: 'all' | 'frequent') => {
    for (const category of options.categories()) {
      if (which === 'all' || category !== 'static') options.publish(category);
    }
  };
  const stop = () => {
    for (const loop of loops) clearInterval(loop);
    loops = [];
  };
  /** A burst sends every category at once, so the console has data without waiting an interval. */
  const restart = (burst: boolean) => {
    stop();
    begun = true;
    if (!config.monitoring) return;
    if (burst) report('all');
    loops = [
      setInterval(() => report('frequent'), every(config.intervals_s.dynamic)),
      setInterval(() => options.publish('static'), every(config.intervals_s.static)),
    ];
  };

  return {
    get config() {
      return config;
    },
    reset: () => {
      stop();
      begun = false;
    },
    begin: () => {
      if (!begun) restart(true);
    },
    configure: (next) => {
      const previous = config;
      config = next;
      if (!begun) return restart(true);
      const changed =
        previous.monitoring !== next.monitoring ||
        previous.intervals_s.dynamic !== next.intervals_s.dynamic ||
        previous.intervals_s.static !== next.intervals_s.static;
      if (changed) restart(next.monitoring && !previous.monitoring);
    },
    reportAll: () => report('all'),
    stop,
  };
}
