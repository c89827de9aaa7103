import { ApiClient } from '../shared/api/client.ts';
import { maintenance } from './app-status.ts';
import { readSpaVersion } from './browser-settings.ts';
import { loginLocation } from './continue-url.ts';

/** The one API client of the console (spec §7), bound to this page. */
export const api = new ApiClient({
  cookies: () => document.cookie,
  spaVersion: readSpaVersion,
  currentPath: () => window.location.pathname,
  currentSearch: () => window.location.search,
  sessionStorage: window.sessionStorage,
  onSessionEnded: (location) => window.location.assign(loginLocation(window.location, location)),
  onMaintenance: () => maintenance.show(),
});
