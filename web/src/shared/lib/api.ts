import { sameOriginPath } from '@fleetport/contracts/same-origin';
import { ApiClient } from '../api/client.ts';
import { maintenance } from './app-status.ts';
import { readSpaVersion } from './browser-settings.ts';
import { LOGIN_PAGE, loginLocation } from './continue-url.ts';
import { applyReviewEnvironment, reviewApiBase } from './review-environment.ts';

/** The one API client of the console (spec §7), bound to this page. */
export const api = new ApiClient({
  // Spec §3/§7: a review environment may point the base at another API host. Development builds
  // only: in production the condition is false at build time and the module is dropped.
  baseURL: import.meta.env.DEV ? reviewApiBase(applyReviewEnvironment(window.location, document)) : undefined,
  cookies: () => document.cookie,
  spaVersion: readSpaVersion,
  currentPath: () => window.location.pathname,
  currentSearch: () => window.location.search,
  sessionStorage: window.sessionStorage,
  // The revoke answer's location (from redirect_uri) is checked here too: the browser follows
  // only a path on this origin, whatever the server said (spec §7).
  onSessionEnded: (location) =>
    window.location.assign(
      loginLocation(window.location, sameOriginPath(location, window.location.origin) ?? LOGIN_PAGE),
    ),
  onMaintenance: () => maintenance.show(),
});
