import { localConfigSchema } from '@fleetport/contracts/config';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';

/** GET /local/config (spec §7): device counts for the console's banner; more join with devices. */
export function registerLocalConfigRoutes(registry: RouteRegistry, router: Router, _deps: ApiDeps): void {
  registry.add(router, {
    method: 'get',
    path: '/local/config',
    summary: 'Installation limits: the maximum and current number of devices.',
    tag: 'configuration',
    access: { signedIn: true },
    // The console's start-up reads it before GET /user, which then shows the account's notice.
    incompleteAccount: true,
    response: localConfigSchema,
    // Spec §9: max_devices_count defaults to 0 (no limit). Devices arrive with the devices issue.
    handler: () => ({ data: { max_devices_count: 0, total_devices_count: 0 } }),
  });
}
