import { connect } from 'node:net';
import type { StaticAssets } from './assets/static-assets.ts';
import type { BrandStore } from './brands/store.ts';

export interface Readiness {
  ready: boolean;
  checks: { build: boolean; brands: boolean; api: boolean };
}

/** Whether the API accepts connections (a TCP connect, so it works before the API has routes). */
export function apiReachable(apiUrl: string, timeoutMs = 1000): Promise<boolean> {
  const url = new URL(apiUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port });
    const done = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Ready to take traffic: the console's build is present, brands are loaded, the API answers. */
export async function checkReadiness(options: {
  store: BrandStore;
  assets: StaticAssets;
  apiUrl: string;
}): Promise<Readiness> {
  let brands = false;
  try {
    brands = options.store.current().size > 0;
  } catch {
    brands = false;
  }
  const checks = {
    build: options.assets.indexHtml !== undefined,
    brands,
    api: await apiReachable(options.apiUrl),
  };
  return { ready: checks.build && checks.brands && checks.api, checks };
}
