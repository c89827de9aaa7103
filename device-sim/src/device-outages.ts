import type { SimTiming, Span } from './device-connection.ts';
import type { DeviceRole } from './fleet.ts';

/**
 * When a unit in trouble is out of reach. An unreliable unit stands on a site that loses power:
 * it is away for long stretches and boots afresh when the power returns. A flapping unit has a
 * failing link (a dying modem, a loose cable): it drops every minute or few and soon comes back,
 * the unit still running. Either way the connection ends without DISCONNECT, so the broker publishes the last
 * will (docs/device-protocol.md, "status"), as it does for any unit in the field.
 */
export interface OutageClock {
  /**
   * Starts an online stretch (at each `online`), replacing one already running. At its end,
   * `goAway` is told how long the outage lasts and whether the unit comes back with a fresh boot.
   */
  arm(goAway: (awayMs: number, rebootsOnReturn: boolean) => void): void;
  disarm(): void;
}

/** The outages of a unit with this role; undefined for a unit that stays online. */
export function outageClockOf(
  role: DeviceRole,
  timing: SimTiming,
  random: () => number = Math.random,
): OutageClock | undefined {
  const pattern =
    role === 'unreliable'
      ? { online: timing.unreliableOnlineMs, offline: timing.unreliableOfflineMs, rebootsOnReturn: true }
      : role === 'flapping'
        ? { online: timing.flappingOnlineMs, offline: timing.flappingOfflineMs, rebootsOnReturn: false }
        : undefined;
  if (!pattern) return undefined;
  const draw = ([min, max]: Span) => Math.round(min + random() * (max - min));
  const mean = ([min, max]: Span) => (min + max) / 2;
  // Long enough for the first readings, which follow the wait for the retained config.
  const glimpseMs = 2 * timing.configWaitMs;
  let first = true;
  const onlineMs = () => {
    if (!first) return draw(pattern.online);
    first = false;
    // A fleet is not switched on at one moment: each unit joins its cycle at a random point. As
    // often as it would be away, it is seen only briefly, so the console knows it was there.
    const awayShare = mean(pattern.offline) / (mean(pattern.online) + mean(pattern.offline));
    if (random() < awayShare) return glimpseMs;
    return glimpseMs + Math.round(random() * draw(pattern.online));
  };
  let timer: NodeJS.Timeout | undefined;
  const disarm = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    arm: (goAway) => {
      disarm();
      timer = setTimeout(() => {
        timer = undefined;
        goAway(draw(pattern.offline), pattern.rebootsOnReturn);
      }, onlineMs());
    },
    disarm,
  };
}
