import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task.ts';

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('resolves after the current task, not in a microtask', async () => {
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    await Promise.resolve();
    order.push('microtask');
    await done;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it("uses the browser's scheduler.yield() when there is one", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await nextTask();
    expect(yieldFn).toHaveBeenCalledOnce();
  });

  it('falls back to a zero-delay timeout', async () => {
    vi.useFakeTimers();
    let resolved = false;
    const pending = nextTask().then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    vi.advanceTimersByTime(0);
    await pending;
    expect(resolved).toBe(true);
  });
});
