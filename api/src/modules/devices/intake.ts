/**
 * How much device work the gateway takes on at once (issue 31, bench part 13: two replicas on
 * Mosquitto handed every incoming message to the database at once; messages waited past the
 * pool's 5 s for a connection and were lost, while PostgreSQL sat idle).
 * - At most `concurrency` messages are handled at a time, below the database pool's size, so the
 *   console and the task engine keep connections and no message times out waiting for one.
 * - The others wait in order, in memory (`backlog` counts them). Holding the broker's next
 *   message instead would also hold the acknowledgements the handlers wait for: it stalls.
 */
export class DeviceIntake {
  private running = 0;
  private waiting = 0;
  private readonly queue: (() => void)[] = [];
  private readonly concurrency: number;

  constructor({ concurrency = 6 } = {}) {
    this.concurrency = concurrency;
  }

  /** Messages taken on and not yet handled. */
  get backlog(): number {
    return this.running + this.waiting;
  }

  /** Runs `task` when a slot is free. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1;
    else {
      // The slot is handed over by the task that ends: no newcomer can take it in between.
      this.waiting += 1;
      await new Promise<void>((resolve) => this.queue.push(resolve));
      this.waiting -= 1;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
