import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Maintenance, OfflineNotice } from './Notices.tsx';

const RELOADED_KEY = 'fp.chunkReload';

/** A failed dynamic import: the build changed under the page (spec §8: reload the page). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError/i.test(
    message,
  );
}

/**
 * The router's error element: chunk errors reload once, unless the network is gone (a reload would
 * only show the browser's own error page); anything else is the maintenance screen.
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const offline = chunk && !navigator.onLine;
  useEffect(() => {
    if (offline) return;
    if (!chunk) {
      console.error(error);
      return;
    }
    // Once per tab session: a second failure is a real outage, not a new build.
    if (window.sessionStorage.getItem(RELOADED_KEY)) return;
    window.sessionStorage.setItem(RELOADED_KEY, '1');
    window.location.reload();
  }, [chunk, offline, error]);
  return offline ? <OfflineNotice /> : <Maintenance />;
}
