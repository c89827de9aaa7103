import { gzipSync } from 'node:zlib';
import { BUILT_IN_ROLE_BY_NAME, type BuiltInRoleName } from '@fleetport/contracts/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  deviceConfigs,
  deviceConnectionLog,
  deviceIdentities,
  devices,
  users,
} from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { secretDigest } from '../modules/devices/status.ts';
import {
  type Answer,
  type ApiFixture,
  startTestApi,
  TEST_PASSWORD,
  type TestClient,
} from '../testing/fixtures.ts';

/**
 * The authorisation matrix: every route of the OpenAPI document × every built-in
 * role × where the target company sits relative to the caller's (own, subsidiary, parent,
 * sibling, unrelated). The callers all belong to Acme East, so the relations are:
 * own = Acme East, subsidiary = Acme East Retail, parent = Acme Networks, sibling = Acme West,
 * unrelated = Northwind Logistics. A = allowed (or listed), D = denied (or not listed).
 */
const ROLES = ['super_admin', 'admin', 'readonly_admin', 'end_user', 'read_only', 'support'] as const;
type Role = (typeof ROLES)[number];
const RELATIONS = ['own', 'subsidiary', 'parent', 'sibling', 'unrelated'] as const;
type Relation = (typeof RELATIONS)[number];
const COMPANY_OF: Record<Relation, string> = {
  own: 'Acme East',
  subsidiary: 'Acme East Retail',
  parent: 'Acme Networks',
  sibling: 'Acme West',
  unrelated: 'Northwind Logistics',
};

// Routes that act on a company: one row per role, one column per relation.
const COMPANY_ROUTES: Record<string, Record<Role, string>> = {
  //                                own  subsidiary  parent  sibling  unrelated
  'GET /api/companies': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // The companies listed as manageable when the edge asks about the relation's company's brand.
  'GET /api/brand-access': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/brand-access': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'GET /api/companies/tree': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A new company under the relation's company.
  'POST /api/companies': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Renaming the relation's company (super_admin renames it back).
  'PUT /api/companies/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A new company of the caller's own company moved under the relation's company.
  'POST /api/companies/move': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Deleting the relation's company: allowed = past permission and tenancy (then 423, or 409
  // as these companies have users); nobody but platform staff deletes their own company.
  'DELETE /api/companies/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'D    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'GET /api/audit-log': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/companies/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/files': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/files/{id}/download': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'POST /api/files': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'DELETE /api/files/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // File permissions of a file of the relation's company: read, and shared with nobody (always valid).
  'GET /api/files/{id}/permissions': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'PUT /api/files/{id}/permissions': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Company-independent: a firmware of the global catalogue (upload_files_global_scope).
  'POST /api/files/global/firmware': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'D    D           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/announcements': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'D    D           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Listed = the companies of the announcements the caller may read (the POST row sent one to
  // every relation's company first).
  'GET /api/announcements': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'D    D           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // The e-mail outbox is the platform admin's alone (nothing in it belongs to a company).
  'GET /api/mail/outbox': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'D    D           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'GET /api/users': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // Listed = the companies of the invitations the caller sees (one was sent into each).
  'GET /api/users/invitations': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // The roles the caller may give in the relation's company; inviting into it; resending and
  // deleting an invitation into it.
  'GET /api/users/invite/roles': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/users/invite': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/users/invitations/{id}/resend': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'DELETE /api/users/invitations/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Listed = the companies of the custom roles the caller sees (one was made in each).
  'GET /api/roles': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A custom role of the relation's company: read, made, changed, deleted.
  'GET /api/roles/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'POST /api/roles': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'PUT /api/roles/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'DELETE /api/roles/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Listed = the companies of the devices the caller sees (one is added to each).
  'GET /api/devices': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A device of the relation's company.
  'GET /api/devices/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // An approved device added to the relation's company.
  'POST /api/devices': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Listed = the companies whose devices the exact count includes (filtered by status too, so
  // the counting path is checked, not only the kept per-company counts).
  'GET /api/devices/count': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // Listed = the companies whose devices are counted (one is added to each).
  'GET /api/statistics/devices': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // Listed = the companies of the devices in the connection log (a device that connected in each).
  'GET /api/statistics/connections': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // Counts over the caller's own devices: no company named; needs view_statistics.
  'GET /api/statistics/activity': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       A        A',
    readonly_admin: /*        */ 'A    A           A       A        A',
    end_user: /*              */ 'A    A           A       A        A',
    read_only: /*             */ 'A    A           A       A        A',
    support: /*               */ 'A    A           A       A        A',
  },
  // Listed = the companies whose devices' models are offered (a device of its own model in each).
  'GET /api/devices/facets': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // Listed = the companies of the devices on the map (one with a GPS fix is added to each).
  'GET /api/devices/positions': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // Exported = the companies of the rows in the CSV.
  'GET /api/devices/export': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A device of the relation's company.
  'GET /api/devices/{id}/firmware-history': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A device of the relation's company.
  'GET /api/devices/{id}/activity': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A device of the relation's company.
  'GET /api/devices/{id}/telemetry': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/devices/{id}/configuration': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/devices/{id}/backups': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A device of the relation's company and a backup file of the same company.
  'GET /api/devices/{id}/restore-preview': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A device of the relation's company.
  'GET /api/devices/{id}/data-usage': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A device of the relation's company, renamed.
  'PATCH /api/devices/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A device of the relation's company.
  'DELETE /api/devices/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A device of the relation's company, its tags cleared.
  'PUT /api/devices/{id}/tags': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A device of the relation's company, asked to refresh (409 offline counts as reached).
  'POST /api/devices/{id}/actions': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A device of the relation's company (offline: 409 past the checks, allowed).
  'POST /api/devices/{id}/cli': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/devices/{id}/configuration': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A device of the relation's company and a backup file of the same company.
  'POST /api/devices/{id}/restore': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A device of the relation's company (offline: reported failed on the channel, allowed).
  'POST /api/devices/passwords/set': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A device of the relation's company.
  'POST /api/devices/{id}/notes': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A note on a device of the relation's company.
  'DELETE /api/devices/{id}/notes/{note}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // A device of the relation's company.
  'PUT /api/devices/{id}/custom': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Approved devices added to the relation's company from a list.
  'POST /api/devices/batch': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Monitoring set on a device of the relation's company by id: allowed = it was affected.
  'POST /api/devices/bulk': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Checks serials only: no company involved; needs manage_devices.
  'POST /api/devices/verify': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       A        A',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    A           A       A        A',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Makes passwords only: no company involved; needs manage_devices.
  'POST /api/devices/passwords/generate': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       A        A',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    A           A       A        A',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Approved Devices: the super admin's alone, whatever the company.
  'GET /api/auth-devices': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'D    D           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/auth-devices': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'D    D           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // An approved identity in no company, removed.
  'DELETE /api/auth-devices/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'D    D           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Task groups (the Task manager): listed = the companies of the groups the caller sees (one on a
  // device of each); a group of the relation's company read, its tasks and a task's log read …
  'GET /api/devices/tasks/groups': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/devices/tasks/groups/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/files/{id}/devices': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/devices/{id}/tasks': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/devices/tasks/groups/{id}/tasks': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/devices/tasks/{taskId}/logs': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // Configuration templates (saved configurations): a template of the relation's company listed
  // and read (those of the companies above the caller's too: they may be used) …
  'GET /api/devices/config-templates': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       D        D',
    readonly_admin: /*        */ 'A    A           A       D        D',
    end_user: /*              */ 'A    D           A       D        D',
    read_only: /*             */ 'A    D           A       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/devices/config-templates/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       D        D',
    readonly_admin: /*        */ 'A    A           A       D        D',
    end_user: /*              */ 'A    D           A       D        D',
    read_only: /*             */ 'A    D           A       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // … made (by hand, or from a device of the relation's company), changed, deleted and assigned
  // (to a device of its company) only in the companies the caller sees, with manage_devices.
  'POST /api/devices/config-templates': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/devices/config-templates/from-device': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'PUT /api/devices/config-templates/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'DELETE /api/devices/config-templates/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/devices/config-templates/{id}/assign': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/devices/config-templates/unassign': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Periodic backup rules: a rule of the relation's company (its own devices the target) listed
  // and read as its devices are …
  'GET /api/devices/backup-rules': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/devices/backup-rules/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // … made, changed and deleted as its devices are.
  'POST /api/devices/backup-rules': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'PUT /api/devices/backup-rules/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'DELETE /api/devices/backup-rules/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Task lists (Execute task list): a list of the relation's company listed and read (those of the
  // companies above the caller's too: they may be run) …
  'GET /api/devices/task-lists': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       D        D',
    readonly_admin: /*        */ 'A    A           A       D        D',
    end_user: /*              */ 'A    D           A       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/devices/task-lists/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       D        D',
    readonly_admin: /*        */ 'A    A           A       D        D',
    end_user: /*              */ 'A    D           A       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // … made, changed and deleted only in the companies the caller sees.
  'POST /api/devices/task-lists': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'PUT /api/devices/task-lists/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'DELETE /api/devices/task-lists/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // … started on a device of the relation's company, and its waiting tasks cancelled.
  'POST /api/devices/tasks/groups': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/devices/tasks/groups/preview': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/devices/tasks/groups/{id}/pause': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/devices/tasks/groups/{id}/resume': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/devices/tasks/groups/{id}/retry': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'PUT /api/devices/tasks/groups/{id}/order': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/devices/updates/cancel': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Listed = the companies of the tags the caller sees (one was made in each).
  'GET /api/tags': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A tag of the relation's company: read, made, changed, deleted.
  'GET /api/tags/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'A    D           D       D        D',
    read_only: /*             */ 'A    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'POST /api/tags': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'PUT /api/tags/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'DELETE /api/tags/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Credits (view_credits: not end users or guests; manage_credits: super_admin and admin).
  // Company-independent: the types the caller sees; activating a code into the caller's company.
  'GET /api/credits/types': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       A        A',
    readonly_admin: /*        */ 'A    A           A       A        A',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'POST /api/credits/codes/activate': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       A        A',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Listed = the companies whose balances, codes, history or data purchases the caller sees.
  'GET /api/credits': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/credits/codes': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/credits/history': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  'GET /api/companies/data/history': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'A    A           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'A    A           A       A        A',
  },
  // A pool into the relation's company (super admins only); a move from it to the caller's own
  // (own → own answers 422 'another company': allowed); a code from it; data bought for it.
  'POST /api/credits': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'D    D           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/credits/move': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/credits/codes': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    D           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/companies/data': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Distributors: inviting a company under the caller's own (company-independent), listing and
  // withdrawing invitations sent from the relation's company.
  'POST /api/distributors/invitations': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           A       A        A',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'GET /api/distributors/invitations': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'DELETE /api/distributors/invitations/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
};

// Routes about the caller themself: every signed-in role may call them, nobody else.
const SELF_ROUTES = [
  'GET /api/user',
  'GET /api/local/config',
  'GET /api/storage',
  'POST /api/storage',
  'PUT /api/storage/{key}',
  'DELETE /api/storage/{key}',
  'GET /api/notifications',
  'PUT /api/notifications',
  'POST /api/password-confirmation',
  'POST /api/account/sessions/revoke-others', // 423 until confirmed: allowed, then asked
  'POST /api/account/user/activation/resend', // 409: these callers are verified already
  'POST /api/account/mfa/totp/setup',
  'POST /api/account/mfa/totp/enable', // 422: no code
  'POST /api/account/mfa/email/enable', // 403 MFA_REQUIRED: allowed, then asked for the code
  'DELETE /api/account/mfa', // 409: not enabled
  'PUT /api/account/password', // 422: no passwords
  'DELETE /api/account/impersonation-access',
  'POST /api/account/impersonation/cancel', // 409: not impersonating
  'POST /api/users/confirm-impersonation-access/{token}', // 422: no such token
] as const;

// Routes that act on another user: one row per role, one column per relation of the company
// the target user belongs to. Allowed = past the permission and tenancy checks: the request
// is sent (200) or the start answers IMPERSONATION_NOT_ALLOWED (the target granted nothing).
const USER_ROUTES: Record<string, Record<Role, string>> = {
  //                                own  subsidiary  parent  sibling  unrelated
  'POST /api/users/{id}/impersonation/request': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  'POST /api/users/{id}/impersonate': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Allowed: UNCHANGED (422), the targets are guests already.
  'PUT /api/users/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
  // Allowed: 423, the password is asked for again (nothing is deleted).
  'DELETE /api/users/{id}': {
    super_admin: /*           */ 'A    A           A       A        A',
    admin: /*                 */ 'A    A           D       D        D',
    readonly_admin: /*        */ 'D    D           D       D        D',
    end_user: /*              */ 'D    D           D       D        D',
    read_only: /*             */ 'D    D           D       D        D',
    support: /*               */ 'D    D           D       D        D',
  },
};

/** A valid body for a user route, so tenancy (not validation) decides. */
const USER_ROUTE_BODIES: Record<string, unknown> = { 'PUT /api/users/{id}': { role: 4 } };

// Routes open to anyone, with what an anonymous call answers.
const PUBLIC_ROUTES: Record<string, number> = {
  'GET /api/healthz': 200,
  'GET /api/readyz': 200,
  'POST /api/account/login': 401, // wrong password: refused on its merits, not for lack of a session
  'POST /api/account/token/refresh': 401, // no refresh token
  'POST /api/account/token/revoke': 200,
  'POST /api/account/email/verify': 422, // no token
  'POST /api/account/password/forgot': 422, // no e-mail address
  'POST /api/account/password/reset': 422, // no token
  'POST /api/account/invitation': 422, // no token
  'POST /api/account/invitation/accept': 422, // no token
  'POST /api/account/company-invitation': 422, // no token
  'POST /api/account/company-invitation/accept': 422, // no token
  'GET /api/device-files/{taskId}': 422, // not a task id: a device's signed link, never a session
  'PUT /api/device-files/{taskId}': 422, // the same link, for a backup's upload
};

let fx: ApiFixture;
const clients = new Map<Role, TestClient>();
const companyIds = new Map<Relation, number>();
/** A read-only user in each relation's company: the target of the user routes. */
const targetIds = new Map<Relation, number>();

beforeAll(async () => {
  fx = await startTestApi();
  const { db } = fx.api.deps;
  for (const relation of RELATIONS) {
    const [row] = await db.select().from(companies).where(eq(companies.name, COMPANY_OF[relation]));
    companyIds.set(relation, row?.id as number);
  }
  // One audit entry in each company, so the audit-log row shows what each role may read.
  for (const relation of RELATIONS) {
    await fx.api.deps.audit.append({
      actorUserId: undefined,
      userId: undefined,
      companyId: companyIds.get(relation),
      action: 'matrix',
      entity: 'test',
      entityId: relation,
      before: undefined,
      after: undefined,
    });
  }
  const passwordHash = await hashPassword(TEST_PASSWORD);
  for (const role of ROLES) {
    const email = `matrix.${role}@acme.example`;
    await db.insert(users).values({
      email,
      username: `Matrix ${role}`,
      passwordHash,
      companyId: companyIds.get('own') as number,
      roleId: BUILT_IN_ROLE_BY_NAME.get(role as BuiltInRoleName)?.id as number,
      emailVerifiedAt: new Date(),
    });
    clients.set(role, await fx.login(email));
  }
  for (const relation of RELATIONS) {
    const [target] = await db
      .insert(users)
      .values({
        email: `matrix.target.${relation}@acme.example`,
        username: `Matrix target ${relation}`,
        passwordHash,
        companyId: companyIds.get(relation) as number,
        roleId: BUILT_IN_ROLE_BY_NAME.get('read_only')?.id as number,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    targetIds.set(relation, target?.id as number);
  }
});
afterAll(async () => {
  await fx?.stop();
});

/** Refused for who the caller is; an MFA step-up (403 MFA_REQUIRED) lets the caller through. */
const denied = (status: number, code?: string) =>
  status === 401 || (status === 403 && code !== 'MFA_REQUIRED' && code !== 'IMPERSONATION_NOT_ALLOWED');

/** Calls a self route with a valid request; the storage key exists for PUT and DELETE. */
async function callSelf(client: TestClient, route: string): Promise<{ status: number; code?: string }> {
  const [method, path] = route.split(' ') as [string, string];
  if (method === 'PUT' || method === 'DELETE') await client.post('/api/storage', { key: 'matrix', value: 1 });
  const url = path.replace('{key}', 'matrix').replace('{token}', 'not-a-real-token-at-all');
  const body =
    route === 'POST /api/password-confirmation'
      ? { password: TEST_PASSWORD }
      : route === 'PUT /api/notifications'
        ? { id: [] }
        : route === 'POST /api/storage'
          ? { key: `k${Math.random()}`, value: 1 }
          : { value: 2 };
  const answer = await client.request(method, url, method === 'GET' || method === 'DELETE' ? {} : { body });
  return { status: answer.status, code: answer.body?.errors?.[0]?.code };
}

/** Uploads a small file to a company (multipart, as the console does). */
function uploadFile(client: TestClient, companyId: number) {
  const form = new FormData();
  form.append('company_id', String(companyId));
  form.append('file', new Blob(['matrix']), 'matrix.txt');
  return client.upload('/api/files', form);
}

/** A file super_admin uploads to the company, for the caller to act on. */
const fileIn = async (companyId: number): Promise<number> =>
  (await uploadFile(clients.get('super_admin') as TestClient, companyId)).body.data.id;

/** A device backup (a valid archive) super_admin uploads to the company, for the caller to restore. */
const backupIn = async (companyId: number): Promise<number> => {
  const archive = gzipSync(
    JSON.stringify({
      format: 'fleetport-device-backup',
      version: 1,
      serial: '5599999999',
      model: 'RUT241',
      firmware: 'RUT2M_R_00.07.06.1',
      revision: 3,
      created_at: new Date().toISOString(),
      config: { ntp: { enabled: true, server: 'pool.ntp.org' } },
    }),
  );
  const form = new FormData();
  form.append('company_id', String(companyId));
  form.append('kind', 'backup');
  form.append('file', new Blob([archive]), 'matrix.fpbackup.gz');
  return (await (clients.get('super_admin') as TestClient).upload('/api/files', form)).body.data.id;
};

/** An invitation super_admin sends into the company, for the caller to act on. */
const invitationIn = async (companyId: number): Promise<number> =>
  (
    await (clients.get('super_admin') as TestClient).post('/api/users/invite', {
      company_id: companyId,
      email: `matrix.${Math.random().toString(36).slice(2)}@acme.example`,
      role: 4,
    })
  ).body.data.id;

/** A custom role super_admin makes in the company, for the caller to act on. */
const roleIn = async (companyId: number): Promise<number> =>
  (
    await (clients.get('super_admin') as TestClient).post('/api/roles', {
      company_id: companyId,
      title: `Matrix ${Math.random().toString(36).slice(2)}`,
      scope: 'company',
      permissions: ['view_companies'],
    })
  ).body.data.id;

/** A tag super_admin makes in the company, for the caller to act on. */
const tagIn = async (companyId: number): Promise<number> =>
  (
    await (clients.get('super_admin') as TestClient).post('/api/tags', {
      company_id: companyId,
      name: `Matrix ${Math.random().toString(36).slice(2)}`,
    })
  ).body.data.id;

/** An approved identity (serial, MAC) not yet in a company, made straight in the store. */
const approvedIdentity = async (): Promise<{ serial: string; mac: string }> => {
  matrixDevices += 1;
  const serial = `55${String(matrixDevices).padStart(8, '0')}`;
  const mac = `00:1E:42:AA:${String(Math.floor(matrixDevices / 100) % 100).padStart(2, '0')}:${String(matrixDevices % 100).padStart(2, '0')}`;
  await fx.api.deps.db
    .insert(deviceIdentities)
    .values({ serial, mac, secretSha256: secretDigest(`secret-${serial}-0000000`) });
  return { serial, mac };
};
let matrixDevices = 0;

const deviceIn = async (companyId: number): Promise<number> => {
  const identity = await approvedIdentity();
  return (
    await (clients.get('super_admin') as TestClient).post('/api/devices', {
      company_id: companyId,
      ...identity,
    })
  ).body.data.id;
};

/** A task group (a reboot, waiting) on a new device of the company, started by the super admin; its task. */
const taskGroupIn = async (companyId: number): Promise<{ id: number; taskId: string }> => {
  const superAdmin = clients.get('super_admin') as TestClient;
  const device = await deviceIn(companyId);
  const group = (
    await superAdmin.post('/api/devices/tasks/groups', { action: 'reboot', device_ids: [device] })
  ).body.data;
  const [task] = (await superAdmin.get(`/api/devices/tasks/groups/${group.id}/tasks`)).body.data;
  return { id: group.id, taskId: task.id };
};

let listNames = 0;
/** A task list of the company (a refresh), made by the super admin; its id. */
const taskListIn = async (companyId: number): Promise<number> => {
  const superAdmin = clients.get('super_admin') as TestClient;
  listNames += 1;
  const answer = await superAdmin.post('/api/devices/task-lists', {
    name: `Matrix list ${listNames}`,
    company_id: companyId,
    steps: [{ action: 'refresh' }],
  });
  return answer.body.data.id;
};

let ruleNames = 0;
/** A periodic backup rule of the company (its own devices, daily), made by the super admin; its id. */
const backupRuleIn = async (companyId: number): Promise<number> => {
  ruleNames += 1;
  const answer = await (clients.get('super_admin') as TestClient).post('/api/devices/backup-rules', {
    name: `Matrix rule ${ruleNames}`,
    company_id: companyId,
    target: { company_id: companyId },
    frequency: 'daily',
    time: '02:00',
  });
  return answer.body.data.id;
};
const backupRuleBody = (companyId: number) => {
  ruleNames += 1;
  return {
    name: `Matrix rule ${ruleNames}`,
    target: { company_id: companyId },
    frequency: 'weekly',
    weekday: 2,
    time: '03:00',
  };
};

let templateNames = 0;
/** A configuration template of the company (an NTP setting), made by the super admin; its id. */
const templateIn = async (companyId: number): Promise<number> => {
  templateNames += 1;
  const answer = await (clients.get('super_admin') as TestClient).post('/api/devices/config-templates', {
    name: `Matrix template ${templateNames}`,
    company_id: companyId,
    sections: { ntp: { enabled: true } },
  });
  return answer.body.data.id;
};

/** A device of the company that has connected once (a reason-0 entry in the connection log). */
const connectedDeviceIn = async (companyId: number): Promise<void> => {
  const id = await deviceIn(companyId);
  const [device] = await fx.api.deps.db.select().from(devices).where(eq(devices.id, id));
  await fx.api.deps.db
    .insert(deviceConnectionLog)
    .values({ identityId: device?.identityId ?? 0, reason: 0, detail: 'matrix' });
};

/** A device of the company whose model names the company (`MATRIX-<id>`), for the facets. */
const modelledDeviceIn = async (companyId: number): Promise<void> => {
  const id = await deviceIn(companyId);
  await fx.api.deps.db
    .update(devices)
    .set({ model: `MATRIX-${companyId}` })
    .where(eq(devices.id, id));
};

/** A device of the company with a GPS fix, so that it is on the map. */
const placedDeviceIn = async (companyId: number): Promise<void> => {
  const id = await deviceIn(companyId);
  const gps = { at: new Date().toISOString(), data: { lat: 54.7, lon: 25.3 } };
  await fx.api.deps.db.update(devices).set({ state: { gps } }).where(eq(devices.id, id));
};

/** Paid credits of every type super_admin pools into the company, for the caller to act on. */
const creditsIn = async (companyId: number): Promise<void> => {
  for (const typeId of [6, 8]) {
    await (clients.get('super_admin') as TestClient).post('/api/credits', {
      credit_type_id: typeId,
      company_id: companyId,
      credit_count: 50,
      credit_price: 1,
      pro_form_nr: 'MATRIX',
    });
  }
};

/**
 * A company invitation sent from the relation's company, by one of its admins (the invitations
 * go under the sender's own company); for the list and withdraw rows.
 */
const companyInvitationFrom = async (companyId: number): Promise<number | undefined> => {
  const { db } = fx.api.deps;
  const [sender] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.companyId, companyId))
    .limit(1);
  if (!sender) return undefined;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const email = `matrix.sender.${Math.random().toString(36).slice(2)}@acme.example`;
  await db.insert(users).values({
    email,
    username: 'Matrix sender',
    passwordHash,
    companyId,
    roleId: BUILT_IN_ROLE_BY_NAME.get('admin')?.id as number,
    emailVerifiedAt: new Date(),
  });
  const client = await fx.login(email);
  return (
    await client.post('/api/distributors/invitations', {
      email: `matrix.company.${Math.random().toString(36).slice(2)}@example.com`,
    })
  ).body.data?.id;
};

/** The status a role gets acting on a file of the company (file routes other than the list). */
const FILE_PROBES: Record<string, (client: TestClient, companyId: number) => Promise<number>> = {
  'GET /api/devices/tasks/groups/{id}': async (client, companyId) =>
    (await client.get(`/api/devices/tasks/groups/${(await taskGroupIn(companyId)).id}`)).status,
  'GET /api/devices/tasks/groups/{id}/tasks': async (client, companyId) =>
    (await client.get(`/api/devices/tasks/groups/${(await taskGroupIn(companyId)).id}/tasks`)).status,
  'GET /api/devices/{id}/tasks': async (client, companyId) =>
    (await client.get(`/api/devices/${await deviceIn(companyId)}/tasks`)).status,
  'GET /api/devices/tasks/{taskId}/logs': async (client, companyId) =>
    (await client.get(`/api/devices/tasks/${(await taskGroupIn(companyId)).taskId}/logs`)).status,
  'GET /api/devices/config-templates/{id}': async (client, companyId) =>
    (await client.get(`/api/devices/config-templates/${await templateIn(companyId)}`)).status,
  'POST /api/devices/config-templates': async (client, companyId) => {
    templateNames += 1;
    return (
      await client.post('/api/devices/config-templates', {
        name: `Matrix template ${templateNames}`,
        company_id: companyId,
        sections: { ntp: { enabled: false } },
      })
    ).status;
  },
  // A device of the relation's company that has reported its configuration.
  'POST /api/devices/config-templates/from-device': async (client, companyId) => {
    const device = await deviceIn(companyId);
    await fx.api.deps.db
      .insert(deviceConfigs)
      .values({ deviceId: device, revision: 1, changedBy: 'boot', config: { ntp: { enabled: true } } });
    templateNames += 1;
    return (
      await client.post('/api/devices/config-templates/from-device', {
        device_id: device,
        name: `Matrix template ${templateNames}`,
      })
    ).status;
  },
  'PUT /api/devices/config-templates/{id}': async (client, companyId) => {
    templateNames += 1;
    return (
      await client.put(`/api/devices/config-templates/${await templateIn(companyId)}`, {
        name: `Matrix template ${templateNames}`,
        sections: { ntp: { enabled: false } },
      })
    ).status;
  },
  'DELETE /api/devices/config-templates/{id}': async (client, companyId) =>
    (await client.delete(`/api/devices/config-templates/${await templateIn(companyId)}`)).status,
  'POST /api/devices/config-templates/{id}/assign': async (client, companyId) =>
    (
      await client.post(`/api/devices/config-templates/${await templateIn(companyId)}/assign`, {
        device_ids: [await deviceIn(companyId)],
      })
    ).status,
  'POST /api/devices/config-templates/unassign': async (client, companyId) =>
    (await client.post('/api/devices/config-templates/unassign', { device_ids: [await deviceIn(companyId)] }))
      .status,
  'GET /api/devices/backup-rules/{id}': async (client, companyId) =>
    (await client.get(`/api/devices/backup-rules/${await backupRuleIn(companyId)}`)).status,
  'POST /api/devices/backup-rules': async (client, companyId) =>
    (await client.post('/api/devices/backup-rules', { ...backupRuleBody(companyId), company_id: companyId }))
      .status,
  'PUT /api/devices/backup-rules/{id}': async (client, companyId) =>
    (
      await client.put(
        `/api/devices/backup-rules/${await backupRuleIn(companyId)}`,
        backupRuleBody(companyId),
      )
    ).status,
  'DELETE /api/devices/backup-rules/{id}': async (client, companyId) =>
    (await client.delete(`/api/devices/backup-rules/${await backupRuleIn(companyId)}`)).status,
  'GET /api/devices/task-lists/{id}': async (client, companyId) =>
    (await client.get(`/api/devices/task-lists/${await taskListIn(companyId)}`)).status,
  'POST /api/devices/task-lists': async (client, companyId) => {
    listNames += 1;
    return (
      await client.post('/api/devices/task-lists', {
        name: `Matrix list ${listNames}`,
        company_id: companyId,
        steps: [{ action: 'reboot' }],
      })
    ).status;
  },
  'PUT /api/devices/task-lists/{id}': async (client, companyId) => {
    listNames += 1;
    return (
      await client.put(`/api/devices/task-lists/${await taskListIn(companyId)}`, {
        name: `Matrix list ${listNames}`,
        steps: [{ action: 'reboot' }],
      })
    ).status;
  },
  'DELETE /api/devices/task-lists/{id}': async (client, companyId) =>
    (await client.delete(`/api/devices/task-lists/${await taskListIn(companyId)}`)).status,
  'POST /api/devices/tasks/groups': async (client, companyId) =>
    (
      await client.post('/api/devices/tasks/groups', {
        action: 'reboot',
        device_ids: [await deviceIn(companyId)],
      })
    ).status,
  'POST /api/devices/tasks/groups/preview': async (client, companyId) =>
    (
      await client.post('/api/devices/tasks/groups/preview', {
        action: 'reboot',
        device_ids: [await deviceIn(companyId)],
      })
    ).status,
  // A running group: paused (allowed), or refused as not found.
  'POST /api/devices/tasks/groups/{id}/pause': async (client, companyId) =>
    (await client.post(`/api/devices/tasks/groups/${(await taskGroupIn(companyId)).id}/pause`, {})).status,
  // A group the super admin paused: resumed (allowed), or refused as not found.
  'POST /api/devices/tasks/groups/{id}/resume': async (client, companyId) => {
    const { id } = await taskGroupIn(companyId);
    await (clients.get('super_admin') as TestClient).post(`/api/devices/tasks/groups/${id}/pause`, {});
    return (await client.post(`/api/devices/tasks/groups/${id}/resume`, {})).status;
  },
  // A running group moved first (allowed), or refused as not found.
  'PUT /api/devices/tasks/groups/{id}/order': async (client, companyId) =>
    (
      await client.put(`/api/devices/tasks/groups/${(await taskGroupIn(companyId)).id}/order`, {
        to: 'first',
      })
    ).status,
  // A group whose task expired: retried (allowed), or refused as not found.
  'POST /api/devices/tasks/groups/{id}/retry': async (client, companyId) => {
    const { id } = await taskGroupIn(companyId);
    await fx.api.deps.tasks.expireGroup(id);
    return (await client.post(`/api/devices/tasks/groups/${id}/retry`, {})).status;
  },
  'POST /api/devices/updates/cancel': async (client, companyId) =>
    (await client.post('/api/devices/updates/cancel', { group_id: (await taskGroupIn(companyId)).id }))
      .status,
  'POST /api/files': async (client, companyId) => (await uploadFile(client, companyId)).status,
  'GET /api/files/{id}/devices': async (client, companyId) =>
    (await client.get(`/api/files/${await fileIn(companyId)}/devices`)).status,
  'GET /api/files/{id}/download': async (client, companyId) =>
    (await client.get(`/api/files/${await fileIn(companyId)}/download`)).status,
  'DELETE /api/files/{id}': async (client, companyId) =>
    (await client.delete(`/api/files/${await fileIn(companyId)}`)).status,
  'GET /api/files/{id}/permissions': async (client, companyId) =>
    (await client.get(`/api/files/${await fileIn(companyId)}/permissions`)).status,
  'PUT /api/files/{id}/permissions': async (client, companyId) =>
    (await client.put(`/api/files/${await fileIn(companyId)}/permissions`, { company_ids: [] })).status,
  'POST /api/files/global/firmware': async (client) => {
    const form = new FormData();
    form.append('version', '1.0');
    form.append('families', 'RUT');
    form.append('file', new Blob(['matrix']), 'matrix.bin');
    return (await client.upload('/api/files/global/firmware', form)).status;
  },
  'POST /api/companies': async (client, companyId) =>
    (await client.post('/api/companies', { name: `Matrix ${Math.random()}`, parent_id: companyId })).status,
  'PUT /api/companies/{id}': async (client, companyId) => {
    const superAdmin = clients.get('super_admin') as TestClient;
    const { name } = (await superAdmin.get(`/api/companies/${companyId}`)).body.data;
    const status = (await client.put(`/api/companies/${companyId}`, { name: `${name} (matrix)` })).status;
    if (status < 300) await superAdmin.put(`/api/companies/${companyId}`, { name });
    return status;
  },
  'POST /api/companies/move': async (client, companyId) => {
    const superAdmin = clients.get('super_admin') as TestClient;
    const own = companyIds.get('own') as number;
    const source = (
      await superAdmin.post('/api/companies', { name: `Matrix ${Math.random()}`, parent_id: own })
    ).body.data.id;
    // Into its own parent it is refused on its merits (422 'already a subsidiary'): allowed.
    const answer = await client.post('/api/companies/move', { source, target: companyId });
    return denied(answer.status, answer.body?.errors?.[0]?.code) ? 403 : 200;
  },
  'DELETE /api/companies/{id}': async (client, companyId) => {
    const answer = await client.delete(`/api/companies/${companyId}`);
    return denied(answer.status, answer.body?.errors?.[0]?.code) ? 403 : 200;
  },
  'GET /api/users/invite/roles': async (client, companyId) =>
    (await client.get(`/api/users/invite/roles?company_id=${companyId}`)).status,
  'POST /api/users/invite': async (client, companyId) =>
    (
      await client.post('/api/users/invite', {
        company_id: companyId,
        email: `matrix.invite.${Math.random().toString(36).slice(2)}@acme.example`,
        role: 4,
      })
    ).status,
  'POST /api/users/invitations/{id}/resend': async (client, companyId) =>
    (await client.post(`/api/users/invitations/${await invitationIn(companyId)}/resend`)).status,
  'DELETE /api/users/invitations/{id}': async (client, companyId) =>
    (await client.delete(`/api/users/invitations/${await invitationIn(companyId)}`)).status,
  'GET /api/roles/{id}': async (client, companyId) =>
    (await client.get(`/api/roles/${await roleIn(companyId)}`)).status,
  'POST /api/roles': async (client, companyId) =>
    (
      await client.post('/api/roles', {
        company_id: companyId,
        title: `Matrix ${Math.random().toString(36).slice(2)}`,
        scope: 'company',
        permissions: ['view_companies'],
      })
    ).status,
  'PUT /api/roles/{id}': async (client, companyId) =>
    (
      await client.put(`/api/roles/${await roleIn(companyId)}`, {
        title: `Matrix ${Math.random().toString(36).slice(2)}`,
        scope: 'company',
        permissions: ['view_companies'],
      })
    ).status,
  'DELETE /api/roles/{id}': async (client, companyId) =>
    (await client.delete(`/api/roles/${await roleIn(companyId)}`)).status,
  'GET /api/devices/{id}': async (client, companyId) =>
    (await client.get(`/api/devices/${await deviceIn(companyId)}`)).status,
  'POST /api/devices': async (client, companyId) =>
    (await client.post('/api/devices', { company_id: companyId, ...(await approvedIdentity()) })).status,
  'PATCH /api/devices/{id}': async (client, companyId) =>
    (await client.patch(`/api/devices/${await deviceIn(companyId)}`, { name: 'Matrix renamed' })).status,
  'DELETE /api/devices/{id}': async (client, companyId) =>
    (await client.delete(`/api/devices/${await deviceIn(companyId)}`)).status,
  'PUT /api/devices/{id}/tags': async (client, companyId) =>
    (await client.put(`/api/devices/${await deviceIn(companyId)}/tags`, { tag_ids: [] })).status,
  'POST /api/devices/{id}/actions': async (client, companyId) => {
    const answer = await client.post(`/api/devices/${await deviceIn(companyId)}/actions`, {
      action: 'refresh',
    });
    return denied(answer.status, answer.body?.errors?.[0]?.code) ? 403 : 200;
  },
  'POST /api/devices/passwords/set': async (client, companyId) =>
    (
      await client.post('/api/devices/passwords/set', {
        devices: [{ id: await deviceIn(companyId), password: 'Matrix-Pass-123' }],
      })
    ).status,
  'POST /api/devices/{id}/notes': async (client, companyId) =>
    (await client.post(`/api/devices/${await deviceIn(companyId)}/notes`, { body: 'Matrix note' })).status,
  'DELETE /api/devices/{id}/notes/{note}': async (client, companyId) => {
    const device = await deviceIn(companyId);
    const note = await (clients.get('super_admin') as TestClient).post(`/api/devices/${device}/notes`, {
      body: 'Matrix note',
    });
    return (await client.delete(`/api/devices/${device}/notes/${note.body.data.id}`)).status;
  },
  'PUT /api/devices/{id}/custom': async (client, companyId) =>
    (
      await client.put(`/api/devices/${await deviceIn(companyId)}/custom`, {
        custom: { title: 'Matrix', fields: [] },
      })
    ).status,
  'POST /api/devices/{id}/cli': async (client, companyId) => {
    const answer = await client.post(`/api/devices/${await deviceIn(companyId)}/cli`, { command: 'uptime' });
    return denied(answer.status, answer.body?.errors?.[0]?.code) ? 403 : 200;
  },
  'POST /api/devices/{id}/configuration': async (client, companyId) => {
    const answer = await client.post(`/api/devices/${await deviceIn(companyId)}/configuration`, {
      changes: { ntp: { server: 'pool.ntp.org' } },
    });
    return denied(answer.status, answer.body?.errors?.[0]?.code) ? 403 : 200;
  },
  'GET /api/devices/{id}/firmware-history': async (client, companyId) =>
    (await client.get(`/api/devices/${await deviceIn(companyId)}/firmware-history`)).status,
  'GET /api/devices/{id}/activity': async (client, companyId) =>
    (await client.get(`/api/devices/${await deviceIn(companyId)}/activity`)).status,
  'GET /api/devices/{id}/telemetry': async (client, companyId) =>
    (await client.get(`/api/devices/${await deviceIn(companyId)}/telemetry?category=dynamic`)).status,
  'GET /api/devices/{id}/configuration': async (client, companyId) =>
    (await client.get(`/api/devices/${await deviceIn(companyId)}/configuration`)).status,
  'GET /api/devices/{id}/backups': async (client, companyId) =>
    (await client.get(`/api/devices/${await deviceIn(companyId)}/backups`)).status,
  'GET /api/devices/{id}/restore-preview': async (client, companyId) =>
    (
      await client.get(
        `/api/devices/${await deviceIn(companyId)}/restore-preview?file_id=${await backupIn(companyId)}`,
      )
    ).status,
  'POST /api/devices/{id}/restore': async (client, companyId) => {
    const answer = await client.post(`/api/devices/${await deviceIn(companyId)}/restore`, {
      file_id: await backupIn(companyId),
    });
    return denied(answer.status, answer.body?.errors?.[0]?.code) ? 403 : answer.status;
  },
  'GET /api/devices/{id}/data-usage': async (client, companyId) =>
    (await client.get(`/api/devices/${await deviceIn(companyId)}/data-usage`)).status,
  'POST /api/devices/batch': async (client, companyId) =>
    (await client.post('/api/devices/batch', { company_id: companyId, devices: [await approvedIdentity()] }))
      .status,
  'GET /api/statistics/activity': async (client) =>
    (await client.get('/api/statistics/activity?by=day&periods=2')).status,
  'POST /api/devices/passwords/generate': async (client) =>
    (await client.post('/api/devices/passwords/generate', { count: 1 })).status,
  'POST /api/devices/verify': async (client) =>
    (await client.post('/api/devices/verify', { devices: [await approvedIdentity()] })).status,
  'POST /api/devices/bulk': async (client, companyId) => {
    const answer = await client.post('/api/devices/bulk', {
      action: 'monitoring',
      monitoring: true,
      ids: [await deviceIn(companyId)],
    });
    return answer.status < 300 && answer.body.data.affected === 1 ? 200 : 403;
  },
  'GET /api/auth-devices': async (client) => (await client.get('/api/auth-devices')).status,
  'POST /api/auth-devices': async (client) => {
    matrixDevices += 1;
    const serial = `66${String(matrixDevices).padStart(8, '0')}`;
    const csv = `serial,mac,secret\n${serial},00:1E:42:BB:00:${String(matrixDevices % 100).padStart(2, '0')},secret-${serial}-000000`;
    return (await client.post('/api/auth-devices', { csv })).status;
  },
  'DELETE /api/auth-devices/{id}': async (client) => {
    const { serial } = await approvedIdentity();
    const [identity] = await fx.api.deps.db
      .select({ id: deviceIdentities.id })
      .from(deviceIdentities)
      .where(eq(deviceIdentities.serial, serial));
    return (await client.delete(`/api/auth-devices/${identity?.id}`)).status;
  },
  'GET /api/tags/{id}': async (client, companyId) =>
    (await client.get(`/api/tags/${await tagIn(companyId)}`)).status,
  'POST /api/tags': async (client, companyId) =>
    (
      await client.post('/api/tags', {
        company_id: companyId,
        name: `Matrix ${Math.random().toString(36).slice(2)}`,
      })
    ).status,
  'PUT /api/tags/{id}': async (client, companyId) =>
    (
      await client.put(`/api/tags/${await tagIn(companyId)}`, {
        name: `Matrix ${Math.random().toString(36).slice(2)}`,
      })
    ).status,
  'DELETE /api/tags/{id}': async (client, companyId) =>
    (await client.delete(`/api/tags/${await tagIn(companyId)}`)).status,
  'GET /api/credits/types': async (client) => (await client.get('/api/credits/types')).status,
  'GET /api/mail/outbox': async (client) => (await client.get('/api/mail/outbox')).status,
  'POST /api/credits/codes/activate': async (client, companyId) => {
    await creditsIn(companyId);
    const code = (
      await (clients.get('super_admin') as TestClient).post('/api/credits/codes', {
        credit_type_name: 'Paid VPN',
        company_id: companyId,
        amount: 1,
      })
    ).body.data.code;
    return (await client.post('/api/credits/codes/activate', { code })).status;
  },
  'POST /api/credits': async (client, companyId) =>
    (
      await client.post('/api/credits', {
        credit_type_id: 1,
        company_id: companyId,
        credit_count: 1,
      })
    ).status,
  'POST /api/credits/move': async (client, companyId) => {
    await creditsIn(companyId);
    const answer = await client.post('/api/credits/move', {
      credit_type_name: 'VPN',
      source: companyId,
      target: companyIds.get('own'),
      amount: 1,
    });
    return denied(answer.status, answer.body?.errors?.[0]?.code) ? 403 : 200;
  },
  'POST /api/credits/codes': async (client, companyId) => {
    await creditsIn(companyId);
    return (
      await client.post('/api/credits/codes', { credit_type_name: 'VPN', company_id: companyId, amount: 1 })
    ).status;
  },
  'POST /api/companies/data': async (client, companyId) => {
    await creditsIn(companyId);
    return (await client.post('/api/companies/data', { company_id: companyId, credits: 1 })).status;
  },
  'POST /api/distributors/invitations': async (client) =>
    (
      await client.post('/api/distributors/invitations', {
        email: `matrix.company.${Math.random().toString(36).slice(2)}@example.com`,
      })
    ).status,
  'DELETE /api/distributors/invitations/{id}': async (client, companyId) =>
    (await client.delete(`/api/distributors/invitations/${await companyInvitationFrom(companyId)}`)).status,
  'POST /api/announcements': async (client, companyId) =>
    (
      await client.post('/api/announcements', {
        company_id: companyId,
        summary: 'Matrix announcement',
        include_subsidiaries: false,
      })
    ).status,
};

describe('authorisation matrix', () => {
  it('has a row for every route of the OpenAPI document', async () => {
    const document = await fx.client().get('/api/openapi.json', { xhr: false });
    const documented = Object.entries(document.body.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((route) => route !== 'GET /api/openapi.json');
    const covered = [
      ...Object.keys(COMPANY_ROUTES),
      ...Object.keys(USER_ROUTES),
      ...SELF_ROUTES,
      ...Object.keys(PUBLIC_ROUTES),
    ];
    expect(documented.filter((route) => !covered.includes(route))).toEqual([]);
    expect(covered.filter((route) => !documented.includes(route))).toEqual([]);
  });

  for (const [route, rows] of Object.entries(COMPANY_ROUTES)) {
    it(`${route}: every role × every company relation as the table says`, async () => {
      const unexpected: string[] = [];
      for (const role of ROLES) {
        const expected = rows[role].split(/\s+/);
        const client = clients.get(role) as TestClient;
        let listed: Set<number> | undefined;
        if (route === 'GET /api/companies/tree') {
          const answer = await client.get('/api/companies/tree');
          listed = new Set((answer.body.data ?? []).map((company: { id: number }) => company.id));
        }
        if (route.endsWith(' /api/brand-access')) {
          const asked = `/api/brand-access?companies=${RELATIONS.map((r) => companyIds.get(r)).join(',')}`;
          const answer = route.startsWith('GET') ? await client.get(asked) : await client.post(asked, {});
          listed = new Set(answer.body.data?.companies ?? []);
        }
        if (route === 'GET /api/companies') {
          const answer = await client.get('/api/companies?limit=100');
          listed = new Set((answer.body.data ?? []).map((company: { id: number }) => company.id));
        }
        if (route === 'GET /api/audit-log') {
          // Readable entries of a company = allowed; no permission = nothing listed.
          const answer = await client.get('/api/audit-log?limit=100&fields=company_id');
          listed = new Set((answer.body.data ?? []).map((entry: { company_id: number }) => entry.company_id));
        }
        if (route === 'GET /api/files') {
          // A file in every company; the companies of the files listed = allowed.
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await fileIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/files?limit=100&fields=company_id');
          listed = new Set((answer.body.data ?? []).map((file: { company_id: number }) => file.company_id));
        }
        if (route === 'GET /api/users') {
          const answer = await client.get('/api/users?limit=100&fields=company_id');
          listed = new Set((answer.body.data ?? []).map((user: { company_id: number }) => user.company_id));
        }
        if (route === 'GET /api/users/invitations') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await invitationIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/users/invitations?limit=100&fields=company_id');
          listed = new Set((answer.body.data ?? []).map((row: { company_id: number }) => row.company_id));
        }
        if (route === 'GET /api/roles') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await roleIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/roles?limit=100&fields=company_id');
          listed = new Set(
            (answer.body.data ?? []).map((row: { company_id: number | null }) => row.company_id),
          );
        }
        if (route === 'GET /api/devices') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await deviceIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/devices?limit=100&fields=company_id');
          listed = new Set((answer.body.data ?? []).map((row: { company_id: number }) => row.company_id));
        }
        if (route === 'GET /api/devices/count') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await deviceIn(companyIds.get(relation) as number);
          }
          listed = new Set();
          for (const relation of RELATIONS) {
            const company = companyIds.get(relation) as number;
            const all = await client.get(`/api/devices/count?company_id=${company}`);
            const pending = await client.get(`/api/devices/count?company_id=${company}&status=pending`);
            if ((all.body.data?.total ?? 0) > 0 && (pending.body.data?.total ?? 0) > 0) listed.add(company);
          }
        }
        if (route === 'GET /api/statistics/devices') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await deviceIn(companyIds.get(relation) as number);
          }
          listed = new Set();
          for (const relation of RELATIONS) {
            const company = companyIds.get(relation) as number;
            const answer = await client.get(`/api/statistics/devices?by=status&company_id=${company}`);
            if ((answer.body.data?.total ?? 0) > 0) listed.add(company);
          }
        }
        if (route === 'GET /api/statistics/connections') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await connectedDeviceIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/statistics/connections?limit=100');
          listed = new Set((answer.body.data ?? []).map((row: { company_id: number }) => row.company_id));
        }
        if (route === 'GET /api/devices/facets') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await modelledDeviceIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/devices/facets?field=model&search=matrix-&limit=100');
          listed = new Set(
            (answer.body.data ?? []).map((facet: { value: string }) => Number(facet.value.split('-')[1])),
          );
        }
        if (route === 'GET /api/devices/positions') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await placedDeviceIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/devices/positions');
          listed = new Set((answer.body.data ?? []).map((row: { company_id: number }) => row.company_id));
        }
        if (route === 'GET /api/devices/export') {
          const answer = await client.request('GET', '/api/devices/export');
          const text = typeof answer.body === 'string' ? answer.body : '';
          const [header = '', ...lines] = text
            .replace(/^\uFEFF/, '')
            .trim()
            .split('\r\n');
          const at = header.split(',').indexOf('company_id');
          listed = new Set(answer.status === 200 ? lines.map((line) => Number(line.split(',')[at])) : []);
        }
        if (route === 'GET /api/devices/tasks/groups') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await taskGroupIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/devices/tasks/groups?limit=100&fields=company_id');
          listed = new Set((answer.body.data ?? []).map((row: { company_id: number }) => row.company_id));
        }
        if (route === 'GET /api/devices/config-templates') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await templateIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/devices/config-templates?limit=100');
          listed = new Set((answer.body.data ?? []).map((row: { company_id: number }) => row.company_id));
        }
        if (route === 'GET /api/devices/backup-rules') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await backupRuleIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/devices/backup-rules?limit=100');
          listed = new Set((answer.body.data ?? []).map((row: { company_id: number }) => row.company_id));
        }
        if (route === 'GET /api/devices/task-lists') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await taskListIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/devices/task-lists?limit=100');
          listed = new Set((answer.body.data ?? []).map((row: { company_id: number }) => row.company_id));
        }
        if (route === 'GET /api/tags') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await tagIn(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/tags?limit=100&fields=company_id');
          listed = new Set((answer.body.data ?? []).map((row: { company_id: number }) => row.company_id));
        }
        const creditLists: Record<string, string> = {
          'GET /api/credits': '/api/credits?limit=100&fields=company_id',
          'GET /api/credits/codes': '/api/credits/codes?limit=100&fields=from_company_id',
          'GET /api/credits/history': '/api/credits/history?limit=100&fields=company_id',
          'GET /api/companies/data/history': '/api/companies/data/history?limit=100&fields=company_id',
        };
        const creditList = creditLists[route];
        if (creditList) {
          if (role === ROLES[0]) {
            const superAdmin = clients.get('super_admin') as TestClient;
            for (const relation of RELATIONS) {
              const id = companyIds.get(relation) as number;
              await creditsIn(id);
              await superAdmin.post('/api/credits/codes', {
                credit_type_name: 'Paid VPN',
                company_id: id,
                amount: 1,
              });
              await superAdmin.post('/api/companies/data', { company_id: id, credits: 1 });
            }
          }
          const answer = await client.get(creditList);
          listed = new Set(
            (answer.body.data ?? []).map(
              (row: { company_id?: number; from_company_id?: number }) =>
                row.company_id ?? row.from_company_id,
            ),
          );
        }
        if (route === 'GET /api/distributors/invitations') {
          if (role === ROLES[0]) {
            for (const relation of RELATIONS) await companyInvitationFrom(companyIds.get(relation) as number);
          }
          const answer = await client.get('/api/distributors/invitations');
          listed = new Set(
            (answer.body.data ?? []).map((row: { parent_company_id: number }) => row.parent_company_id),
          );
        }
        if (route === 'GET /api/announcements') {
          const answer = await client.get('/api/announcements?limit=100');
          listed = new Set(
            (answer.body.data ?? []).map((announcement: { company_id: number }) => announcement.company_id),
          );
        }
        const probe = FILE_PROBES[route];
        for (const [index, relation] of RELATIONS.entries()) {
          const id = companyIds.get(relation) as number;
          const allowed = listed
            ? listed.has(id)
            : probe
              ? (await probe(client, id)) < 300
              : !denied((await client.get(`/api/companies/${id}`)).status);
          if ((expected[index] === 'A') !== allowed) {
            unexpected.push(`${role} → ${relation}: expected ${expected[index]}, got ${allowed ? 'A' : 'D'}`);
          }
        }
      }
      expect(unexpected).toEqual([]);
    });
  }

  for (const [route, rows] of Object.entries(USER_ROUTES)) {
    it(`${route}: every role × the target user's company relation as the table says`, async () => {
      const unexpected: string[] = [];
      const [method, path] = route.split(' ') as [string, string];
      for (const role of ROLES) {
        const expected = rows[role].split(/\s+/);
        for (const [index, relation] of RELATIONS.entries()) {
          const url = path.replace('{id}', String(targetIds.get(relation)));
          const body = USER_ROUTE_BODIES[route] ?? {};
          const answer = await (clients.get(role) as TestClient).request(method, url, { body });
          const allowed = !denied(answer.status, answer.body?.errors?.[0]?.code) && answer.status < 500;
          if ((expected[index] === 'A') !== allowed) {
            unexpected.push(`${role} → ${relation}: expected ${expected[index]}, got ${answer.status}`);
          }
        }
      }
      const anonymous = await fx
        .client()
        .request(method, path.replace('{id}', String(targetIds.get('own'))), {
          body: {},
        });
      if (anonymous.status !== 401) unexpected.push(`anonymous: ${anonymous.status}`);
      expect(unexpected).toEqual([]);
    });
  }

  it('self routes: every role may call them, an anonymous caller gets 401', async () => {
    const unexpected: string[] = [];
    for (const route of SELF_ROUTES) {
      for (const role of ROLES) {
        const { status, code } = await callSelf(clients.get(role) as TestClient, route);
        if (denied(status, code) || status >= 500) unexpected.push(`${role} ${route}: ${status} ${code}`);
      }
      const anonymous = await callSelf(fx.client(), route);
      if (anonymous.status !== 401) unexpected.push(`anonymous ${route}: ${anonymous.status}`);
    }
    expect(unexpected).toEqual([]);
  });

  it('public routes answer an anonymous caller on their merits', async () => {
    const seen: Record<string, number> = {};
    for (const route of Object.keys(PUBLIC_ROUTES)) {
      const [method, path] = route.split(' ') as [string, string];
      const body =
        route === 'POST /api/account/login' ? { email: 'guest@acme.example', password: 'not-it' } : {};
      seen[route] = (await fx.client().request(method, path, method === 'GET' ? {} : { body })).status;
    }
    expect(seen).toEqual(PUBLIC_ROUTES);
  });
});

/**
 * The existence oracle: a company the caller cannot see is answered exactly as one that does not
 * exist. The fields by which a request names a company; every route of the OpenAPI document with
 * one (path, query or body, nested objects too) needs its probes below.
 */
const COMPANY_ID_FIELDS = new Set([
  'company_id',
  'company_ids',
  'parent_id',
  'companies',
  'exclude_subtree',
  'source',
  'target',
]);
/** No company has this id. */
const MISSING_COMPANY = 2_000_000_000;
/** The companies each caller (in Acme East) cannot see; the other roles' scopes are the same. */
const UNSEEN: Partial<Record<Role, Relation[]>> = {
  admin: ['parent', 'sibling', 'unrelated'],
  end_user: ['subsidiary', 'parent', 'sibling', 'unrelated'],
};

type Probe = (client: TestClient, companyId: number) => Promise<Answer>;
const own = () => companyIds.get('own') as number;
/** A GET with the company id put for `{c}`. */
const read =
  (path: string): Probe =>
  (client, id) =>
    client.get(path.replace('{c}', String(id)));
/** A write whose body names the company; the rest of the body is valid. */
const write =
  (method: string, path: string, body: (id: number) => unknown): Probe =>
  (client, id) =>
    client.request(method, path.replace('{c}', String(id)), { body: body(id) });
let ownDevice: number | undefined;
let ownFile: number | undefined;
let ownList: number | undefined;
let ownTemplate: number | undefined;
let ownRule: number | undefined;
let oracleIdentity: { serial: string; mac: string } | undefined;

/** Requests that name a company, one per field a route takes (so each is checked). */
const COMPANY_ID_PROBES: Record<string, Probe[]> = {
  'GET /api/devices/tasks/groups': [read('/api/devices/tasks/groups?company_id={c}')],
  'GET /api/companies': [
    read('/api/companies?id={c}'),
    read('/api/companies?parent_id={c}'),
    read('/api/companies?exclude_subtree={c}'),
  ],
  'GET /api/companies/{id}': [read('/api/companies/{c}')],
  'PUT /api/companies/{id}': [write('PUT', '/api/companies/{c}', () => ({ name: 'Oracle' }))],
  'DELETE /api/companies/{id}': [(client, id) => client.delete(`/api/companies/${id}`)],
  'POST /api/companies': [write('POST', '/api/companies', (id) => ({ name: 'Oracle', parent_id: id }))],
  'POST /api/companies/move': [
    write('POST', '/api/companies/move', (id) => ({ source: id, target: own() })),
    write('POST', '/api/companies/move', (id) => ({ source: companyIds.get('subsidiary'), target: id })),
  ],
  'GET /api/brand-access': [read('/api/brand-access?companies={c}')],
  'POST /api/brand-access': [write('POST', '/api/brand-access?companies={c}', () => ({}))],
  'GET /api/audit-log': [read('/api/audit-log?company_id={c}')],
  'GET /api/files': [read('/api/files?company_id={c}')],
  'POST /api/files': [(client, id) => uploadFile(client, id)],
  // Sharing a file of the caller's own company with the company.
  'PUT /api/files/{id}/permissions': [
    async (client, id) => {
      ownFile ??= await fileIn(own());
      return client.put(`/api/files/${ownFile}/permissions`, { company_ids: [id] });
    },
  ],
  'POST /api/announcements': [
    write('POST', '/api/announcements', (id) => ({
      company_id: id,
      summary: 'Oracle',
      include_subsidiaries: false,
    })),
  ],
  'GET /api/users': [read('/api/users?company_id={c}')],
  'GET /api/users/invitations': [read('/api/users/invitations?company_id={c}')],
  'GET /api/users/invite/roles': [read('/api/users/invite/roles?company_id={c}')],
  'POST /api/users/invite': [
    write('POST', '/api/users/invite', (id) => ({ company_id: id, email: 'oracle@acme.example', role: 4 })),
  ],
  'GET /api/roles': [read('/api/roles?company_id={c}')],
  'POST /api/roles': [
    write('POST', '/api/roles', (id) => ({
      company_id: id,
      title: 'Oracle',
      scope: 'company',
      permissions: ['view_companies'],
    })),
  ],
  'GET /api/tags': [read('/api/tags?company_id={c}')],
  'POST /api/tags': [write('POST', '/api/tags', (id) => ({ company_id: id, name: 'Oracle' }))],
  'POST /api/devices/task-lists': [
    write('POST', '/api/devices/task-lists', (id) => ({
      company_id: id,
      name: 'Oracle',
      steps: [{ action: 'reboot' }],
    })),
  ],
  // A list of the caller's own company named with another company: refused alike (it stays put).
  'PUT /api/devices/task-lists/{id}': [
    async (client, id) => {
      ownList ??= await taskListIn(own());
      return client.put(`/api/devices/task-lists/${ownList}`, {
        company_id: id,
        name: 'Oracle',
        steps: [{ action: 'reboot' }],
      });
    },
  ],
  'GET /api/devices/backup-rules': [read('/api/devices/backup-rules?company_id={c}')],
  // A rule in the company, and a rule of the caller's own company whose target is the company.
  'POST /api/devices/backup-rules': [
    write('POST', '/api/devices/backup-rules', (id) => ({ ...backupRuleBody(id), company_id: id })),
    write('POST', '/api/devices/backup-rules', (id) => backupRuleBody(id)),
  ],
  // A rule of the caller's own company moved to, or aimed at, the company: refused alike.
  'PUT /api/devices/backup-rules/{id}': [
    async (client, id) => {
      ownRule ??= await backupRuleIn(own());
      return client.put(`/api/devices/backup-rules/${ownRule}`, { ...backupRuleBody(own()), company_id: id });
    },
    async (client, id) => {
      ownRule ??= await backupRuleIn(own());
      return client.put(`/api/devices/backup-rules/${ownRule}`, backupRuleBody(id));
    },
  ],
  'POST /api/devices/config-templates': [
    write('POST', '/api/devices/config-templates', (id) => ({
      company_id: id,
      name: 'Oracle',
      sections: { ntp: { enabled: true } },
    })),
  ],
  // A template of the caller's own company named with another company: refused alike (it stays put).
  'PUT /api/devices/config-templates/{id}': [
    async (client, id) => {
      ownTemplate ??= await templateIn(own());
      return client.put(`/api/devices/config-templates/${ownTemplate}`, {
        company_id: id,
        name: 'Oracle',
        sections: { ntp: { enabled: true } },
      });
    },
  ],
  // A device of the caller's own company saved into another company.
  'POST /api/devices/config-templates/from-device': [
    async (client, id) => {
      ownDevice ??= await deviceIn(own());
      return client.post('/api/devices/config-templates/from-device', {
        device_id: ownDevice,
        company_id: id,
        name: 'Oracle',
      });
    },
  ],
  'GET /api/devices': [read('/api/devices?company_id={c}')],
  'GET /api/devices/count': [read('/api/devices/count?company_id={c}')],
  'GET /api/devices/export': [read('/api/devices/export?company_id={c}')],
  'GET /api/devices/positions': [read('/api/devices/positions?company_id={c}')],
  'GET /api/devices/facets': [read('/api/devices/facets?field=model&company_id={c}')],
  'GET /api/statistics/devices': [read('/api/statistics/devices?by=status&company_id={c}')],
  'POST /api/devices': [
    async (client, id) => {
      oracleIdentity ??= await approvedIdentity();
      return client.post('/api/devices', { company_id: id, ...oracleIdentity });
    },
  ],
  'POST /api/devices/batch': [
    write('POST', '/api/devices/batch', (id) => ({
      company_id: id,
      devices: [{ serial: '1100000001', mac: '00:1E:42:00:00:01' }],
    })),
  ],
  // Every device of a company: an unseen one matches no device, as a missing one.
  'POST /api/devices/tasks/groups': [
    write('POST', '/api/devices/tasks/groups', (id) => ({ action: 'refresh', filter: { company_id: id } })),
  ],
  'POST /api/devices/tasks/groups/preview': [
    write('POST', '/api/devices/tasks/groups/preview', (id) => ({
      action: 'refresh',
      filter: { company_id: id },
    })),
  ],
  'POST /api/devices/bulk': [
    async (client, id) => {
      ownDevice ??= await deviceIn(own());
      return client.post('/api/devices/bulk', { action: 'move', ids: [ownDevice], company_id: id });
    },
    write('POST', '/api/devices/bulk', (id) => ({
      action: 'monitoring',
      filter: { company_id: id },
      monitoring: true,
    })),
  ],
  'GET /api/credits': [read('/api/credits?company_id={c}')],
  'GET /api/credits/codes': [read('/api/credits/codes?company_id={c}')],
  'GET /api/credits/history': [read('/api/credits/history?company_id={c}')],
  'GET /api/companies/data/history': [read('/api/companies/data/history?company_id={c}')],
  'POST /api/credits': [
    write('POST', '/api/credits', (id) => ({ credit_type_id: 1, company_id: id, credit_count: 1 })),
  ],
  'POST /api/credits/move': [
    write('POST', '/api/credits/move', (id) => ({
      credit_type_name: 'VPN',
      source: id,
      target: own(),
      amount: 1,
    })),
    write('POST', '/api/credits/move', (id) => ({
      credit_type_name: 'VPN',
      source: own(),
      target: id,
      amount: 1,
    })),
  ],
  'POST /api/credits/codes': [
    write('POST', '/api/credits/codes', (id) => ({ credit_type_name: 'VPN', company_id: id, amount: 1 })),
  ],
  'POST /api/companies/data': [
    write('POST', '/api/companies/data', (id) => ({ company_id: id, credits: 1 })),
  ],
};

/** The routes of the OpenAPI document that name a company in their path, query or body. */
function routesNamingACompany(paths: Record<string, Record<string, OpenApiOperation>>): string[] {
  const named = (schema: JsonSchema | undefined): boolean =>
    schema !== undefined &&
    (Object.entries(schema.properties ?? {}).some(
      ([name, inner]) => COMPANY_ID_FIELDS.has(name) || named(inner),
    ) ||
      [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(named) ||
      named(schema.items));
  const found: string[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const inParameters = (operation.parameters ?? []).some(
        (parameter) =>
          COMPANY_ID_FIELDS.has(parameter.name) ||
          // The companies' own routes name a company by `id`.
          (parameter.name === 'id' && (path === '/api/companies' || path === '/api/companies/{id}')),
      );
      const inBody = Object.values(operation.requestBody?.content ?? {}).some((content) =>
        named(content.schema),
      );
      if (inParameters || inBody) found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: { name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** What a caller can compare: the status and the body (the CSV as text). */
const comparable = (answer: Answer) => ({
  status: answer.status,
  body:
    typeof answer.body === 'string'
      ? answer.body
      : { data: answer.body?.data, meta: answer.body?.meta, errors: answer.body?.errors },
});

describe('existence oracle', () => {
  it('every route that names a company has probes', async () => {
    const document = await fx.client().get('/api/openapi.json', { xhr: false });
    const naming = routesNamingACompany(document.body.paths);
    expect(naming.filter((route) => !(route in COMPANY_ID_PROBES))).toEqual([]);
    expect(Object.keys(COMPANY_ID_PROBES).filter((route) => !naming.includes(route))).toEqual([]);
  });

  it('a company the caller cannot see is answered exactly as one that does not exist (status and body)', async () => {
    const differences: string[] = [];
    for (const [role, relations] of Object.entries(UNSEEN) as [Role, Relation[]][]) {
      const client = clients.get(role) as TestClient;
      for (const [route, probes] of Object.entries(COMPANY_ID_PROBES)) {
        for (const [index, probe] of probes.entries()) {
          const missing = comparable(await probe(client, MISSING_COMPANY));
          // A probe refused for another field would prove nothing.
          const sources = (missing.body as { errors?: { source?: string }[] }).errors ?? [];
          const elsewhere = sources.filter(
            (error) => error.source && !COMPANY_ID_FIELDS.has(error.source.split('.').at(-1) as string),
          );
          if (missing.status === 422 && elsewhere.length > 0) {
            differences.push(`${role} ${route} #${index}: probe refused for ${JSON.stringify(elsewhere)}`);
          }
          for (const relation of relations) {
            const unseen = comparable(await probe(client, companyIds.get(relation) as number));
            if (JSON.stringify(unseen) !== JSON.stringify(missing)) {
              differences.push(
                `${role} ${route} #${index} ${relation}: ${JSON.stringify(unseen)} vs missing ${JSON.stringify(missing)}`,
              );
            }
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
