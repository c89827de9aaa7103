import { describe, expect, it } from 'vitest';
import { DeviceIntake } from './intake.ts';

describe('DeviceIntake: how much device work the gateway takes on at once', () => {
  it('handles at most `concurrency` messages at a time, the rest in the order they came', async () => {
    const intake = new DeviceIntake({ concurrency: 3 });
    const release: (() => void)[] = [];
    const started: number[] = [];
    const done = Array.from({ length: 8 }, (_, n) =>
      intake.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => release.push(resolve));
        return n;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(intake.backlog).toBe(8);
    release.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(started).toEqual([0, 1, 2, 3]);
    while (started.length < 8 || release.length > 0) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(intake.backlog).toBe(0);
  });
});
