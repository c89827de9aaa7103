import type { AppVersion } from '@fleetport/contracts/app-version';
import type { Logger } from 'pino';

export { readVersionFile } from '@fleetport/contracts/app-version-file';

export interface AppVersionWatcherOptions {
  read: () => Promise<AppVersion | undefined>;
  intervalMs: number;
  log: Logger;
}

type Listener = (version: AppVersion) => void;

/**
 * The console build being served (spec §4 "Update prompt": a new version is announced). Polls
 * `version.json` rather than fs.watch: a build empties its folder (which ends a watch on it),
 * shared volumes (NFS, Kubernetes) deliver no file events, and one small read every few seconds
 * costs nothing. The version found at start is the baseline; each later change is told to the
 * listeners once. A missing or unreadable file (a build in progress) changes nothing.
 */
export class AppVersionWatcher {
  private readonly options: AppVersionWatcherOptions;
  private readonly listeners = new Set<Listener>();
  private latest: AppVersion | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;

  constructor(options: AppVersionWatcherOptions) {
    this.options = options;
  }

  /** The version served now, if the build has one. */
  get current(): AppVersion | undefined {
    return this.latest;
  }

  /** Calls `listener` with each new version; returns the unsubscription. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the baseline, then checks every `intervalMs`. */
  async start(): Promise<void> {
    this.latest = await this.options.read();
    if (!this.latest)
      this.options.log.info('no console version.json yet; updates are announced once one appears');
    this.timer ??= setInterval(() => void this.check(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look at the file (the timer's tick; tests call it). Overlapping calls share one read. */
  check(): Promise<void> {
    this.checking ??= this.compare().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async compare(): Promise<void> {
    const next = await this.options.read();
    if (!next || next.version === this.latest?.version) return;
    this.latest = next;
    this.options.log.info({ version: next.version }, 'console version released');
    for (const listener of this.listeners) {
      try {
        listener(next);
      } catch (error) {
        this.options.log.error({ err: error }, 'app version listener failed');
      }
    }
  }
}
