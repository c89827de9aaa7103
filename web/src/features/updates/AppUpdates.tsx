import { useEffect, useLayoutEffect, useRef } from 'react';
import { useCurrentUser } from '../../shared/lib/auth.ts';
import { useBrand } from '../../shared/lib/brand.ts';

declare global {
  interface ImportMetaEnv {
    /** Defined by the build (web/scripts/build-version.ts); absent in tests. */
    readonly FP_BUILD_VERSION?: string;
  }
}

/** The version this console was built as; undefined outside a build (tests). */
const BUILD_VERSION: string | undefined = import.meta.env.FP_BUILD_VERSION;

/**
 * The console's updates for a signed-in user (spec §4 "Update prompt", spec §2 "Update notice"
 * and "New design notice"). Only this stub is in the first load: the watcher comes after the
 * first paint, and each dialog's code with the dialog. Renders nothing; the modal host shows the
 * dialogs.
 */
export function AppUpdates({
  navigate,
  build = BUILD_VERSION,
}: {
  navigate: (path: string) => void;
  build?: string;
}) {
  const userId = useCurrentUser()?.id;
  const appName = useBrand().app_name;
  const latestNavigate = useRef(navigate);
  useLayoutEffect(() => {
    latestNavigate.current = navigate;
  });

  useEffect(() => {
    if (userId === undefined || build === undefined) return;
    let live = true;
    let stop: (() => void) | undefined;
    import('./version-watch.ts').then(
      ({ watchVersions }) => {
        if (!live) return;
        stop = watchVersions({ build, userId, appName, navigate: (path) => latestNavigate.current(path) });
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [userId, appName, build]);

  return null;
}
