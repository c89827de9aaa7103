/**
 * How much device work the gateway takes on at once (issue 31, bench part 13: two replicas on
 * Mosquitto handed every incoming message to the database at once; messages waited past the
 * pool's 5 s for a connection and were lost, while PostgreSQL sat idle).
 * - At most `concurrency` messages are handled at a time, below the database pool's size, so the
 *   console and the task engine keep connections and no message times out waiting for one.
 * - The others wait in order. Once more than `high` wait, `whenRoom()` answers a promise that
 *   resolves when fewer than `low` do: the external broker's client holds its next message (and
 *   its acknowledgement) until then, so the backlog waits at the broker instead of in memory.
 */
export class DeviceIntake {
  private running = 0;
  private waiting = 0;
  private readonly queue: (() => void)[] = [];
  private roomWaiters: (() => void)[] = [];
  private readonly concurrency: number;
  private readonly high: number;
  private readonly low: number;

  constructor({ concurrency = 6, high = 2_000, low = 1_000 } = {}) {
    this.concurrency = concurrency;
    this.high = high;
    this.low = low;
  }

  /** Messages taken on and not yet handled. */
  get backlog(): number {
    return this.running + this.waiting;
  }

  /** Runs `task` when a slot is free. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      this.waiting += 1;
      await new Promise<void>((resolve) => this.queue.push(resolve));
      this.waiting -= 1;
    }
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.queue.shift()?.();
      if (this.backlog < this.low && this.roomWaiters.length > 0) {
        for (const wake of this.roomWaiters.splice(0)) wake();
      }
    }
  }

  /** Undefined while there is room; otherwise resolves once the backlog is below `low`. */
  whenRoom(): Promise<void> | undefined {
    if (this.backlog <= this.high) return undefined;
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }
}
