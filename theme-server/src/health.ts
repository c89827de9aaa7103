import type { StaticAssets } from './assets/static-assets.ts';
import type { BrandStore } from './brands/store.ts';

export interface Readiness {
  ready: boolean;
  checks: { build: boolean; brands: boolean; api: boolean };
}

/**
 * Whether the API answers its own readiness route (its database answers) within `timeoutMs`.
 * A real HTTP request, not a TCP connect: a hung API still accepts connections.
 */
export async function apiReady(apiUrl: string, timeoutMs: number): Promise<boolean> {
  try {
    const answer = await fetch(new URL('/api/readyz', apiUrl), {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    await answer.body?.cancel();
    return answer.status === 200;
  } catch {
    return false;
  }
}

/** Ready to take traffic: the console's build is present, brands are loaded, the API answers. */
export async function checkReadiness(options: {
  store: BrandStore;
  assets: StaticAssets;
  apiUrl: string;
  /** How long the API may take to say it is ready. */
  apiTimeoutMs: number;
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
    api: await apiReady(options.apiUrl, options.apiTimeoutMs),
  };
  return { ready: checks.build && checks.brands && checks.api, checks };
}
