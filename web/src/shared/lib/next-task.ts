interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task, so the browser can paint and handle input in between: the
 * Prioritized Task Scheduling API's `scheduler.yield()` where the browser has it (the rest of
 * the work keeps its place at the front of the queue), a zero-delay timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
