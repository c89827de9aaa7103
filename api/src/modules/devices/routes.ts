import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { registerDeviceActionRoutes } from './actions.ts';
import { registerDeviceActivityRoutes } from './activity.ts';
import { registerAddDeviceRoutes } from './add-devices.ts';
import { registerApprovedDeviceRoutes } from './approved.ts';
import { registerDeviceBackupRoutes } from './backups.ts';
import { registerDeviceConfigurationRoutes } from './configuration.ts';
import { registerDeviceItemRoutes } from './device.ts';
import { registerDeviceFacetRoutes } from './facets.ts';
import { registerDeviceListRoutes } from './list.ts';
import { registerDeviceNoteRoutes } from './notes.ts';
import { registerDevicePasswordRoutes } from './passwords.ts';
import { registerDeviceRestoreRoutes } from './restore.ts';
import { registerDeviceStatisticsRoutes } from './statistics.ts';
import { registerDeviceTelemetryRoutes } from './telemetry.ts';

/**
 * Devices (spec §2 /management/devices, /devices/{id}, /auth-devices, /statistics; §3 Device):
 * read with view_devices in the companies the caller sees, changed with manage_devices. Approved
 * Devices, the identities allowed to connect, are the super admin's. One file per resource, its
 * SQL in a `*-queries.ts` beside it.
 *
 * Express matches in registration order: the fixed paths (`/devices/passwords/…`,
 * `/devices/count`, `/devices/export`, `/devices/positions`, `/devices/facets`, `/devices/batch`,
 * …) are registered before `/devices/:id`, so none is taken for an id.
 */
export function registerDeviceRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  registerDevicePasswordRoutes(registry, router, deps); // POST /devices/passwords/generate, …/set
  registerDeviceListRoutes(registry, router, deps); // GET /devices, …/count, …/export, …/positions; POST /devices/bulk
  registerDeviceFacetRoutes(registry, router, deps); // GET /devices/facets
  registerAddDeviceRoutes(registry, router, deps); // POST /devices, /devices/batch, /devices/verify
  registerDeviceItemRoutes(registry, router, deps); // GET, PATCH, DELETE /devices/:id; PUT /devices/:id/tags
  registerDeviceActivityRoutes(registry, router, deps); // GET /devices/:id/firmware-history, …/activity
  registerDeviceTelemetryRoutes(registry, router, deps); // GET /devices/:id/telemetry, …/data-usage
  registerDeviceConfigurationRoutes(registry, router, deps); // GET /devices/:id/configuration
  registerDeviceBackupRoutes(registry, router, deps); // GET /devices/:id/backups
  registerDeviceRestoreRoutes(registry, router, deps); // GET /devices/:id/restore-preview; POST …/restore
  registerDeviceActionRoutes(registry, router, deps); // POST /devices/:id/cli, …/actions
  registerDeviceNoteRoutes(registry, router, deps); // POST, DELETE /devices/:id/notes; PUT …/custom
  registerApprovedDeviceRoutes(registry, router, deps); // GET, POST /auth-devices; DELETE /auth-devices/:id
  registerDeviceStatisticsRoutes(registry, router, deps); // GET /statistics/devices, …/connections, …/activity
}
