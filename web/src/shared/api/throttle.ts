import { HTTP_THROTTLE_MS } from '@fleetport/contracts/limits';
import { isTouchedBy } from './response-cache.ts';

/** One request shared by the identical GETs made within the throttle window. */
class SharedCall<T> {
  readonly startedAt: number;
  private readonly controller = new AbortController();
  private callers = 0;
  private result: Promise<T> | undefined;
  private settled = false;
  private gone = false;

  constructor(startedAt: number) {
    this.startedAt = startedAt;
  }

  /** No caller is left and the request never finished: nobody may join any more. */
  get abandoned(): boolean {
    return this.gone;
  }

  join(): void {
    this.callers += 1;
  }

  leave(): void {
    this.callers -= 1;
    if (this.callers > 0 || this.settled) return;
    this.gone = true;
    this.controller.abort();
  }

  /** The shared answer; the first caller to get here starts the request. */
  answer(start: (signal: AbortSignal) => Promise<T>, onFailure: () => void): Promise<T> {
    this.result ??= start(this.controller.signal).then(
      (value) => {
        this.settled = true;
        return value;
      },
      (error: unknown) => {
        this.settled = true;
        onFailure();
        throw error;
      },
    );
    return this.result;
  }
}

/** A caller's place in a shared call. */
export interface ThrottleTicket<T> {
  /** The caller leaves the call when `signal` aborts; the request stops when the last one leaves. */
  watch(signal: AbortSignal | undefined): void;
  /**
   * The shared answer, or a rejection with the abort reason once the caller's own signal aborts.
   * `start` makes the request with the call's own signal, which no single caller controls.
   */
  answer(start: (signal: AbortSignal) => Promise<T>, signal: AbortSignal | undefined): Promise<T>;
}

function abortedBy(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * The throttle of spec §7/§9: a GET identical to one made less than 1 s ago (same URL and
 * parameters) gets that request's answer instead of a request of its own. Failed requests are
 * not shared beyond their own callers: the next GET asks again.
 */
export class RequestThrottle<T> {
  private readonly calls = new Map<string, SharedCall<T>>();
  private readonly windowMs: number;

  constructor(windowMs: number = HTTP_THROTTLE_MS) {
    this.windowMs = windowMs;
  }

  get size(): number {
    return this.calls.size;
  }

  /** Joins the call for `url` made within the window, or opens a new one. */
  claim(url: string, now: number): ThrottleTicket<T> {
    for (const [key, call] of this.calls) {
      if (now - call.startedAt >= this.windowMs || call.abandoned) this.calls.delete(key);
    }
    let call = this.calls.get(url);
    if (!call) {
      call = new SharedCall<T>(now);
      this.calls.set(url, call);
    }
    const joined = call;
    joined.join();
    const forget = () => {
      if (this.calls.get(url) === joined) this.calls.delete(url);
    };
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      joined.leave();
      if (joined.abandoned) forget();
    };
    return {
      watch(signal) {
        if (signal?.aborted) leave();
        else signal?.addEventListener('abort', leave, { once: true });
      },
      answer(start, signal) {
        const shared = joined.answer(start, forget);
        return signal ? Promise.race([shared, abortedBy(signal)]) : shared;
      },
    };
  }

  /** Stops sharing the calls a write to `writePath` may have made stale. */
  invalidate(writePath: string): void {
    for (const url of [...this.calls.keys()]) {
      if (isTouchedBy(url, writePath)) this.calls.delete(url);
    }
  }
}
