import type { AxiosRequestConfig } from 'axios';

/** The message of a GET cancelled by a newer GET of the same URL (spec §7). */
export const CANCELED_SAME_URL = 'Canceled for new request with same URL';
/** The message of a request cancelled because the user went to another route (spec §4). */
export const CANCELED_ROUTE_CHANGE = 'Canceled for route change';

interface Entry {
  readonly key: string;
  readonly controller: AbortController;
  readonly ignoreCancel: boolean;
}

const entryOf = new WeakMap<object, Entry>();

/**
 * The pending-request list of spec §7: a GET (not a blob download, not flagged) cancels the
 * pending GET of the same URL, and a route change to another route name cancels them all.
 */
export class PendingRequests {
  private readonly entries = new Set<Entry>();

  get size(): number {
    return this.entries.size;
  }

  track(config: AxiosRequestConfig, url: string): void {
    if (config.skipPending) return;
    const method = (config.method ?? 'get').toLowerCase();
    const controller = new AbortController();
    const entry: Entry = { key: `${method} ${url}`, controller, ignoreCancel: Boolean(config.ignoreCancel) };
    if (method === 'get' && config.responseType !== 'blob' && !entry.ignoreCancel) {
      for (const other of this.entries) {
        if (other.key === entry.key && !other.ignoreCancel) this.abort(other, CANCELED_SAME_URL);
      }
    }
    config.fpCallerSignal ??= config.signal;
    const caller = config.fpCallerSignal as AbortSignal | undefined;
    config.signal = caller ? AbortSignal.any([caller, controller.signal]) : controller.signal;
    this.entries.add(entry);
    entryOf.set(config, entry);
  }

  remove(config: AxiosRequestConfig): void {
    const entry = entryOf.get(config);
    if (entry) this.entries.delete(entry);
  }

  /** Spec §4 "Route change": pending requests are cancelled, except to the same route name. */
  routeChanged(from: string | undefined, to: string | undefined): number {
    if (from === to) return 0;
    let cancelled = 0;
    for (const entry of [...this.entries]) {
      this.abort(entry, CANCELED_ROUTE_CHANGE);
      cancelled += 1;
    }
    return cancelled;
  }

  private abort(entry: Entry, reason: string): void {
    this.entries.delete(entry);
    entry.controller.abort(reason);
  }
}
