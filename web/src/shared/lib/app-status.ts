import { useSyncExternalStore } from 'react';

/** A tiny observable flag: the maintenance screen replaces the app when it is raised (spec §4). */
function createFlag() {
  let raised = false;
  const listeners = new Set<() => void>();
  return {
    show() {
      raised = true;
      for (const listener of listeners) listener();
    },
    get raised() {
      return raised;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const maintenance = createFlag();

export function useMaintenance(): boolean {
  return useSyncExternalStore(maintenance.subscribe, () => maintenance.raised);
}
