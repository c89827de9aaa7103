import { writeSync } from 'node:fs';

/**
 * A pino destination that gathers log lines and writes them to stdout in batches: when 16 KB
 * are waiting, every `intervalMs`, and on `flush()` (called on every exit path).
 *
 * One write(2) per log line costs more than the edge's whole work for a themed page; pino's
 * own asynchronous destination still measures close to that here (bench/README.md, part 1).
 * The write is synchronous, so a reader that stops reading slows the edge down rather than
 * making it hold an unbounded backlog in memory.
 */
export class BatchedStdout {
  private lines: string[] = [];
  private size = 0;
  private readonly fd: number;
  private readonly limit: number;
  private readonly timer: NodeJS.Timeout;

  constructor({ fd = 1, limit = 16_384, intervalMs = 1000 } = {}) {
    this.fd = fd;
    this.limit = limit;
    this.timer = setInterval(() => this.flush(), intervalMs).unref();
  }

  write(line: string): void {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= this.limit) this.flush();
  }

  flush(): void {
    if (this.lines.length === 0) return;
    const data = Buffer.from(this.lines.join(''), 'utf8');
    this.lines = [];
    this.size = 0;
    let offset = 0;
    while (offset < data.length) {
      try {
        offset += writeSync(this.fd, data, offset);
      } catch (error) {
        // A non-blocking pipe that is full: wait for the reader and try again.
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
