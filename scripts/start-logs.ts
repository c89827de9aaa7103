import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, renameSync, statSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Where the output of `npm start`'s processes goes. In a terminal (`terminal`), a person reads
 * the screen: each process's whole output goes to `<data>/logs/<name>.log`, and the screen shows
 * only warnings, errors and the lines written for people (the demo logins, restarts). Elsewhere
 * (`stdout`: containers, CI, a pipe) the JSON logs go to stdout as before, for a log collector.
 * `START_LOGS` chooses; by default a TTY gets `terminal`.
 */
export type LogMode = 'terminal' | 'stdout';

export function logMode(env: NodeJS.ProcessEnv, isTTY: boolean): LogMode {
  if (env.START_LOGS === 'terminal' || env.START_LOGS === 'stdout') return env.START_LOGS;
  return isTTY ? 'terminal' : 'stdout';
}

/** pino's numeric levels, for the screen. */
const LEVELS: Record<number, string> = { 40: 'warning', 50: 'error', 60: 'fatal error' };
/** A log file past this size is kept as `<name>.log.1` at the next start, so logs never grow without end. */
const ROTATE_BYTES = 20 * 1024 * 1024;

const PERIODIC = /^sim: \d+\/\d+ online/;

interface JsonLine {
  level?: unknown;
  msg?: unknown;
  err?: { message?: unknown };
}

/**
 * What the screen shows for one line of a process's output: a JSON log line at warning level or
 * above as one sentence, any other JSON line not at all (it is in the file), and a line that is
 * not JSON (written for people) as it is.
 */
export function screenLine(name: string, line: string): string | undefined {
  // The fleet's periodic tally ("sim: 45/50 online, …") is a log, not news.
  if (PERIODIC.test(line)) return undefined;
  if (!line.startsWith('{')) return line;
  let entry: JsonLine;
  try {
    entry = JSON.parse(line) as JsonLine;
  } catch {
    return line;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  if (level < 40) return undefined;
  const label = LEVELS[Math.min(60, Math.floor(level / 10) * 10)] ?? 'warning';
  const reason = typeof entry.err?.message === 'string' ? `: ${entry.err.message}` : '';
  return `  ${name} ${label}: ${String(entry.msg ?? '')}${reason}`;
}

/** True for the line a server writes once it listens (`Fleetport API listening on …`). */
export function isListening(line: string): boolean {
  return line.startsWith('{') && /"msg":"Fleetport [^"]* listening on /.test(line);
}

export class TerminalLogs {
  private readonly files = new Map<string, WriteStream>();
  private readonly listening = new Set<string>();
  readonly dir: string;
  private readonly print: (line: string) => void;
  private readonly ready: { names: string[]; onReady: () => void };

  /** `ready.onReady` is called once, when every process in `ready.names` has said it listens. */
  constructor(dir: string, print: (line: string) => void, ready: { names: string[]; onReady: () => void }) {
    this.dir = dir;
    this.print = print;
    this.ready = ready;
    mkdirSync(dir, { recursive: true });
  }

  /** Follows one run of a process (a restarted process is attached again). */
  attach(name: string, child: ChildProcess): void {
    const file = this.file(name);
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
        file.write(`${line}\n`);
        const shown = screenLine(name, line);
        if (shown !== undefined) this.print(shown);
        if (isListening(line)) this.heard(name);
      });
    }
  }

  /** The path of a process's log file, for the summary. */
  pathOf(name: string): string {
    return path.join(this.dir, `${name}.log`);
  }

  close(): void {
    for (const file of this.files.values()) file.end();
  }

  private heard(name: string): void {
    const before = this.ready.names.every((each) => this.listening.has(each));
    this.listening.add(name);
    if (!before && this.ready.names.every((each) => this.listening.has(each))) this.ready.onReady();
  }

  private file(name: string): WriteStream {
    const existing = this.files.get(name);
    if (existing) return existing;
    const target = this.pathOf(name);
    if ((statSync(target, { throwIfNoEntry: false })?.size ?? 0) > ROTATE_BYTES) {
      renameSync(target, `${target}.1`);
    }
    const stream = createWriteStream(target, { flags: 'a' });
    this.files.set(name, stream);
    return stream;
  }
}
