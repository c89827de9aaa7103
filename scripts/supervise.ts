import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/**
 * Keeps the processes of `npm start` running: a child that dies is started again after a
 * growing delay, with a line saying so, so the product comes back by itself (a container
 * runtime's restart policy does this job in the Docker images). A child that keeps dying right
 * after it starts (a bad setting, a port in use) is given up on, and the launcher stops.
 */
export interface SupervisedProcess {
  name: string;
  command: string;
  args: string[];
  options?: SpawnOptions;
}

export interface SupervisorOptions {
  /** The first restart's delay; each quick failure doubles it, up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A child that ran at least this long counts as healthy: its next restart is immediate-ish. */
  healthyAfterMs?: number;
  /** Consecutive quick failures after which the launcher gives up. */
  maxQuickFailures?: number;
  log?: (line: string) => void;
  /** Called once when the supervisor gives up on a child. */
  onGiveUp?: (name: string, code: number) => void;
  /** Called for every run of a child (the first and each restart), to follow its output. */
  onSpawn?: (name: string, child: ChildProcess) => void;
}

interface Entry {
  spec: SupervisedProcess;
  child?: ChildProcess;
  startedAt: number;
  quickFailures: number;
  timer?: NodeJS.Timeout;
}

export class Supervisor {
  private readonly entries = new Map<string, Entry>();
  private stopping = false;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly healthyAfterMs: number;
  private readonly maxQuickFailures: number;
  private readonly log: (line: string) => void;
  private readonly onGiveUp: (name: string, code: number) => void;
  private readonly onSpawn: (name: string, child: ChildProcess) => void;

  constructor(options: SupervisorOptions = {}) {
    this.initialDelayMs = options.initialDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.healthyAfterMs = options.healthyAfterMs ?? 30_000;
    this.maxQuickFailures = options.maxQuickFailures ?? 6;
    this.log = options.log ?? ((line) => console.error(line));
    this.onGiveUp = options.onGiveUp ?? (() => undefined);
    this.onSpawn = options.onSpawn ?? (() => undefined);
  }

  start(spec: SupervisedProcess): void {
    const entry: Entry = { spec, startedAt: 0, quickFailures: 0 };
    this.entries.set(spec.name, entry);
    this.launch(entry);
  }

  /** The live child of a process, for tests and signals. */
  child(name: string): ChildProcess | undefined {
    return this.entries.get(name)?.child;
  }

  /** Stops every child (SIGTERM) and resolves when all have exited. */
  async stop(): Promise<void> {
    this.stopping = true;
    const exits: Promise<void>[] = [];
    for (const entry of this.entries.values()) {
      clearTimeout(entry.timer);
      const child = entry.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      exits.push(new Promise((resolve) => child.once('exit', () => resolve())));
      child.kill('SIGTERM');
    }
    await Promise.all(exits);
  }

  private launch(entry: Entry): void {
    const { spec } = entry;
    entry.startedAt = Date.now();
    const child = spawn(spec.command, spec.args, spec.options ?? {});
    entry.child = child;
    this.onSpawn(spec.name, child);
    child.on('error', (error) => this.log(`${spec.name} could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (this.stopping) return;
      const ranMs = Date.now() - entry.startedAt;
      entry.quickFailures = ranMs >= this.healthyAfterMs ? 0 : entry.quickFailures + 1;
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      if (entry.quickFailures >= this.maxQuickFailures) {
        this.log(
          `${spec.name} stopped (${how}) ${entry.quickFailures} times in a row soon after starting; giving up.`,
        );
        this.onGiveUp(spec.name, code ?? 1);
        return;
      }
      const delay = restartDelay(entry.quickFailures, this.initialDelayMs, this.maxDelayMs);
      this.log(`${spec.name} stopped (${how}); starting it again in ${formatDelay(delay)}.`);
      entry.timer = setTimeout(() => {
        if (!this.stopping) this.launch(entry);
      }, delay);
    });
  }
}

/** The delay before the next start: short after a healthy run, doubling with quick failures. */
export function restartDelay(quickFailures: number, initialMs: number, maxMs: number): number {
  if (quickFailures <= 1) return initialMs;
  return Math.min(maxMs, initialMs * 2 ** (quickFailures - 1));
}

function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
