import { lazy, Suspense, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, RouterProvider } from 'react-router';
import { AppUpdates } from '../features/updates/AppUpdates.tsx';
import { FORM_RUNTIME } from '../shared/forms/form-runtime.ts';
import { FormRuntimeProvider } from '../shared/forms/runtime.tsx';
import { api } from '../shared/lib/api.ts';
import { useMaintenance } from '../shared/lib/app-status.ts';
import { SessionContext } from '../shared/lib/auth.ts';
import { isLanguage } from '../shared/lib/i18n.ts';
import { LANGUAGE_STORAGE_KEY, UserStorage, UserStorageContext } from '../shared/lib/user-storage.ts';
import { ModalHost } from '../shared/modals/ModalHost.tsx';
import type { WebRoute } from '../shared/routing/web-routes.ts';
import { takeDeferredToast } from '../shared/toasts/deferred.ts';
import { toast } from '../shared/toasts/toasts.tsx';
import { PageLoadingScreen } from '../shared/ui/PageLoadingScreen.tsx';
import { useUserChanged } from './api/user-changed.ts';
import { type BootState, boot } from './boot.ts';
import { pageOf } from './GuardedPage.tsx';
import { AppLayout } from './layout/RootLayout.tsx';
import { Maintenance } from './notices/Notices.tsx';
import { createAppRouter, ROUTE_OBJECTS } from './router.tsx';

/** The start-up notices load only when a start-up ends in one (first-load budget). */
const GlobalNotice = lazy(() =>
  import('./notices/GlobalNotice.tsx').then((module) => ({ default: module.GlobalNotice })),
);

function routeAt(pathname: string): WebRoute | undefined {
  return matchRoutes(ROUTE_OBJECTS, pathname)?.at(-1)?.route.handle as WebRoute | undefined;
}

function noAuthAt(pathname: string): boolean {
  return Boolean(routeAt(pathname)?.noAuth);
}

/**
 * A signed-in page needs the layout and its own code once start-up ends: both are fetched while
 * the start-up calls are under way, not one after the other once they end (first paint on a slow
 * phone). A wrong guess (no session after all) costs a download, never a different page.
 */
function prefetchFirstPage(pathname: string): void {
  const route = routeAt(pathname);
  if (route?.noAuth || route?.standalone) return;
  const ignore = () => undefined;
  AppLayout.preload().catch(ignore);
  if (route) pageOf(route)?.preload().catch(ignore);
}

/** Spec §8: 'The network connection has been lost.' when the browser goes offline. */
function useOfflineToast() {
  const { t } = useTranslation();
  useEffect(() => {
    const lost = () => toast(t('errors.connectionLost'), { type: 'error', position: 'top' });
    window.addEventListener('offline', lost);
    return () => window.removeEventListener('offline', lost);
  }, [t]);
}

/** Start-up (spec §4), then the router under the session, or a full-screen notice. */
export function App() {
  const { i18n } = useTranslation();
  const [state, setState] = useState<BootState>({ status: 'loading' });
  const maintenance = useMaintenance();
  useOfflineToast();

  useEffect(() => {
    let live = true;
    prefetchFirstPage(window.location.pathname);
    boot({
      api,
      online: navigator.onLine,
      noAuth: noAuthAt(window.location.pathname),
      fetchFile: (url) => fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } }),
      goTo: (location) => window.location.assign(location),
    }).then(
      (next) => {
        if (!live) return;
        // The first page's tree renders in slices, yielding to input between them.
        startTransition(() => setState(next));
        // A toast left by the page before a reload (timezone change), once the hosts are up.
        const deferred = takeDeferredToast();
        if (deferred) toast(deferred.message, { type: deferred.type });
      },
      (error: unknown) => {
        console.error(error);
        if (live) setState({ status: 'maintenance' });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const readyStorage = state.status === 'ready' && state.user ? state.storage : undefined;
  // One storage per start-up: a refreshed user (below) keeps what was saved since.
  const storage = useMemo(
    () => (readyStorage ? new UserStorage(api, readyStorage) : undefined),
    [readyStorage],
  );
  // A role change or deletion by an admin (the API's UserChanged): who the user is, reloaded.
  useUserChanged(state.status === 'ready' ? state.user?.id : undefined, (user) =>
    setState((now) => (now.status === 'ready' ? { ...now, user } : now)),
  );
  // The user's language, once per start-up; later choices are made in the header.
  const languageApplied = useRef(false);
  useEffect(() => {
    const language = storage?.get<string>(LANGUAGE_STORAGE_KEY);
    if (languageApplied.current || !language || !isLanguage(language)) return;
    languageApplied.current = true;
    if (language !== i18n.resolvedLanguage) void i18n.changeLanguage(language);
  }, [storage, i18n]);
  const router = useMemo(() => (state.status === 'ready' ? createAppRouter() : undefined), [state.status]);

  if (maintenance || state.status === 'maintenance') return <Maintenance />;
  // The modal host (spec §2) in the states that show pages: the notices (the MFA-mandatory one
  // asks for step-up codes) and the router's pages, there under the session and user storage.
  if (state.status === 'notice') {
    return (
      <>
        <ModalHost />
        <Suspense fallback={<PageLoadingScreen />}>
          <GlobalNotice notice={state.notice} />
        </Suspense>
      </>
    );
  }
  if (state.status !== 'ready' || !router) return <PageLoadingScreen />;
  return (
    <SessionContext value={state.user}>
      <UserStorageContext value={storage}>
        <ModalHost />
        <AppUpdates navigate={(path) => void router.navigate(path)} />
        <FormRuntimeProvider prompts={FORM_RUNTIME.prompts} onChannel={FORM_RUNTIME.onChannel}>
          <RouterProvider router={router} />
        </FormRuntimeProvider>
      </UserStorageContext>
    </SessionContext>
  );
}
