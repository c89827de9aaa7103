import { isIPv6 } from 'node:net';
import { type FailureCounter, MemoryFailureCounter } from '../auth/rate-limit.ts';

/** Failed CONNECTs of one serial answered at once; later wrong answers wait. */
export const FREE_SERIAL_FAILURES = 5;
const FIRST_DELAY_MS = 1_000;
/** Below a device's CONNACK timeout (the simulator's is 30 s), so a slow "no" is still a "no". */
const MAX_DELAY_MS = 16_000;

/** How long the answer to a serial's nth failed CONNECT waits: none, then 1 s, 2 s, 4 s … 16 s. */
export function refusalDelayMs(failures: number): number {
  if (failures <= FREE_SERIAL_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_SERIAL_FAILURES - 1), MAX_DELAY_MS);
}

/**
 * The counting key of a source address: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 by
 * its /64, since one host commonly holds a whole /64 and could otherwise step past a ban.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export type ConnectOutcome = 'accepted' | 'refused' | 'banned' | 'gone';

export interface ConnectThrottleOptions {
  /** Failed CONNECTs from one address in a window, after which it is banned until the window ends. */
  maxAddressFailures: number;
  windowS: number;
  /** Tests pass a clock and a sleep of their own: no test waits for real time. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Slows secret guessing on the embedded broker without ever refusing the right secret for being
 * throttled:
 * - an address has at most as many checks in progress as it may still fail before its ban (30 at
 *   first), so a burst cannot outrun its count, while a fleet behind one NAT address that makes
 *   no mistakes connects many at a time; each failure narrows it, down to one at a time;
 * - an address past `maxAddressFailures` in the window is banned: answered at once, unchecked;
 * - after FREE_SERIAL_FAILURES wrong answers for a serial, each further wrong answer waits
 *   longer, and the same address's next try at that serial waits for it. The right secret is
 *   checked as soon as its turn comes and accepted at once, so the genuine device from another
 *   address is never held up by an attacker.
 * In memory: the embedded broker is one process (several replicas use an external broker).
 */
export class ConnectThrottle {
  private readonly maxAddressFailures: number;
  private readonly addresses: FailureCounter;
  private readonly serials: FailureCounter;
  private readonly sleepFor: (ms: number) => Promise<void>;
  private readonly turns = new Map<string, Promise<unknown>>();
  /** Per address: checks in progress, and those waiting for one of them to end. */
  private readonly slots = new Map<string, { busy: number; waiting: (() => void)[] }>();
  private readonly sleeping = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  private closed = false;

  constructor(options: ConnectThrottleOptions) {
    this.maxAddressFailures = options.maxAddressFailures;
    this.addresses = new MemoryFailureCounter(options.windowS, options.now);
    this.serials = new MemoryFailureCounter(options.windowS, options.now);
    this.sleepFor = options.sleep ?? ((ms) => this.sleep(ms));
  }

  /**
   * One CONNECT: `check` says whether the identity is right; `gone` whether the client left while
   * it waited (it is then neither checked nor counted).
   */
  attempt(
    address: string | undefined,
    serial: string,
    check: () => Promise<boolean>,
    gone: () => boolean = () => false,
  ): Promise<ConnectOutcome> {
    const from = addressKey(address);
    return this.inTurn(`${from}|${serial}`, async () => {
      const failures = await this.inSlot(from, async (): Promise<number | ConnectOutcome> => {
        if (this.closed || gone()) return 'gone';
        // A success does not clear the serial's count: the genuine device reconnecting must not
        // hand an attacker five fresh immediate answers. It needs no clearing, never being delayed.
        if (await check()) return 'accepted';
        await this.addresses.add(from);
        return this.serials.add(serial);
      });
      if (typeof failures !== 'number') return failures;
      const delay = refusalDelayMs(failures);
      if (delay > 0) await this.sleepFor(delay);
      return 'refused';
    });
  }

  /** Answers every waiting refusal now (the broker is closing). */
  close(): void {
    this.closed = true;
    for (const sleeper of this.sleeping) {
      clearTimeout(sleeper.timer);
      sleeper.wake();
    }
    this.sleeping.clear();
  }

  /**
   * Runs `task` once the address has a free slot: its checks in progress and its failures in the
   * window stay below `maxAddressFailures`, so even if every check in progress fails, the count
   * never passes the ban. Answers 'banned' (unchecked) once the count has reached it.
   */
  private async inSlot(
    from: string,
    task: () => Promise<number | ConnectOutcome>,
  ): Promise<number | ConnectOutcome> {
    let slot: { busy: number; waiting: (() => void)[] };
    for (;;) {
      const failures = await this.addresses.count(from);
      if (failures >= this.maxAddressFailures) return 'banned';
      // Read again after each wait: a slot left empty is dropped, and the next one made here.
      slot = this.slots.get(from) ?? { busy: 0, waiting: [] };
      this.slots.set(from, slot);
      if (slot.busy + failures < this.maxAddressFailures) break;
      const full = slot;
      await new Promise<void>((resolve) => full.waiting.push(resolve));
    }
    slot.busy += 1;
    try {
      return await task();
    } finally {
      slot.busy -= 1;
      // Every waiter looks again: a success frees one slot, a failure may ban them all.
      for (const wake of slot.waiting.splice(0)) wake();
      if (slot.busy === 0 && slot.waiting.length === 0) this.slots.delete(from);
    }
  }

  /** Runs `task` after every earlier task of `key` has finished. */
  private inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(key) ?? Promise.resolve();
    const run = previous.then(task);
    const tail = run.catch(() => undefined);
    this.turns.set(key, tail);
    void tail.then(() => {
      if (this.turns.get(key) === tail) this.turns.delete(key);
    });
    return run;
  }

  private sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const sleeper = {
        timer: setTimeout(() => {
          this.sleeping.delete(sleeper);
          resolve();
        }, ms),
        wake: resolve,
      };
      this.sleeping.add(sleeper);
    });
  }
}
