import { useEffect, useSyncExternalStore } from 'react';

/**
 * What a page knows that the route catalogue does not: the name of the thing it shows. The
 * company page labels the `company` route with the company's name, so the breadcrumbs read
 * 'Companies › Acme East › Metrics' and the heading is the company, not the word 'Company'.
 */
const labels = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function setPageLabel(routeName: string, label: string | undefined): void {
  if (labels.get(routeName) === label) return;
  if (label === undefined) labels.delete(routeName);
  else labels.set(routeName, label);
  changed();
}

export function pageLabel(routeName: string): string | undefined {
  return labels.get(routeName);
}

/** Re-renders when a label changes; returns the lookup. */
export function usePageLabels(): (routeName: string) => string | undefined {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
  return pageLabel;
}

/** Labels a route while the calling page is shown. */
export function usePageLabel(routeName: string, label: string | undefined): void {
  useEffect(() => {
    setPageLabel(routeName, label);
    return () => setPageLabel(routeName, undefined);
  }, [routeName, label]);
}
