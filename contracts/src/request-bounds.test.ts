import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as announcements from './announcements.ts';
import * as audit from './audit.ts';
import * as auth from './auth.ts';
import * as brand from './brand.ts';
import * as companies from './companies.ts';
import * as credits from './credits.ts';
import * as protocol from './device-protocol.ts';
import * as devices from './device-schemas.ts';
import * as files from './files.ts';
import * as impersonation from './impersonation.ts';
import * as mail from './mail.ts';
import * as mfa from './mfa.ts';
import * as notifications from './notifications.ts';
import * as realtime from './realtime.ts';
import * as roles from './role-forms.ts';
import * as storage from './storage.ts';
import { patternCapsLength, unboundedStrings } from './string-bounds.ts';
import * as tags from './tags.ts';
import * as users from './users.ts';

/**
 * Every text the server is sent has a maximum length, in the API and in the form alike (issue
 * 30): the request schemas of contracts are walked, and any string without a bound fails. The
 * API walks every route it declares as well (api/src/http/request-bounds.test.ts), its inline
 * schemas included, so a request schema missing from this list is still caught there.
 */

/** What a caller sends: bodies, queries and paths of the API, device messages, socket requests. */
const REQUESTS: Record<string, z.core.$ZodType> = {
  newAnnouncementSchema: announcements.newAnnouncementSchema,
  auditEventFilterSchema: audit.auditEventFilterSchema,
  loginSchema: auth.loginSchema,
  logoutSchema: auth.logoutSchema,
  passwordConfirmationSchema: auth.passwordConfirmationSchema,
  changePasswordSchema: auth.changePasswordSchema,
  verifyEmailSchema: auth.verifyEmailSchema,
  forgotPasswordSchema: auth.forgotPasswordSchema,
  resetPasswordSchema: auth.resetPasswordSchema,
  brandConfigSchema: brand.brandConfigSchema,
  brandAccessQuerySchema: brand.brandAccessQuerySchema,
  newCompanySchema: companies.newCompanySchema,
  editCompanySchema: companies.editCompanySchema,
  moveCompanySchema: companies.moveCompanySchema,
  newPoolSchema: credits.newPoolSchema,
  moveCreditsSchema: credits.moveCreditsSchema,
  newCreditCodeSchema: credits.newCreditCodeSchema,
  activateCreditCodeSchema: credits.activateCreditCodeSchema,
  buyDataSchema: credits.buyDataSchema,
  helloSchema: protocol.helloSchema,
  statusSchema: protocol.statusSchema,
  dynamicTelemetrySchema: protocol.dynamicTelemetrySchema,
  staticTelemetrySchema: protocol.staticTelemetrySchema,
  ioTelemetrySchema: protocol.ioTelemetrySchema,
  gpsTelemetrySchema: protocol.gpsTelemetrySchema,
  wirelessTelemetrySchema: protocol.wirelessTelemetrySchema,
  hotspotTelemetrySchema: protocol.hotspotTelemetrySchema,
  ddnsTelemetrySchema: protocol.ddnsTelemetrySchema,
  commandResultSchema: protocol.commandResultSchema,
  addDeviceSchema: devices.addDeviceSchema,
  deviceClaimSchema: devices.deviceClaimSchema,
  editDeviceSchema: devices.editDeviceSchema,
  setDeviceTagsSchema: devices.setDeviceTagsSchema,
  deviceFilterSchema: devices.deviceFilterSchema,
  bulkDevicesSchema: devices.bulkDevicesSchema,
  customBoxSchema: devices.customBoxSchema,
  uploadFileSchema: files.uploadFileSchema,
  uploadGlobalFirmwareSchema: files.uploadGlobalFirmwareSchema,
  filePermissionsSchema: files.filePermissionsSchema,
  impersonationGrantParamsSchema: impersonation.impersonationGrantParamsSchema,
  startImpersonationSchema: impersonation.startImpersonationSchema,
  outboxQuerySchema: mail.outboxQuerySchema,
  enableTotpSchema: mfa.enableTotpSchema,
  mfaStepUpSchema: mfa.mfaStepUpSchema,
  markNotificationsSeenSchema: notifications.markNotificationsSeenSchema,
  subscriptionSchema: realtime.subscriptionSchema,
  newRoleSchema: roles.newRoleSchema,
  editRoleSchema: roles.editRoleSchema,
  newStorageEntrySchema: storage.newStorageEntrySchema,
  storageValueBodySchema: storage.storageValueBodySchema,
  storageKeyParamSchema: storage.storageKeyParamSchema,
  newTagSchema: tags.newTagSchema,
  editTagSchema: tags.editTagSchema,
  inviteUserSchema: users.inviteUserSchema,
  changeUserRoleSchema: users.changeUserRoleSchema,
  assignableRolesQuerySchema: users.assignableRolesQuerySchema,
  acceptInvitationSchema: users.acceptInvitationSchema,
  invitationTokenSchema: users.invitationTokenSchema,
  inviteCompanySchema: users.inviteCompanySchema,
  acceptCompanyInvitationSchema: users.acceptCompanyInvitationSchema,
  companyInvitationTokenSchema: users.companyInvitationTokenSchema,
};

/** Fields that take any value on purpose, each bounded elsewhere: `schema.field`. */
const EXEMPT: Record<string, string> = {
  // Logout always happens: a value past 200 / 2000 characters is dropped, never stored.
  'logoutSchema.client_id (any value)': 'dropped past 200 characters',
  'logoutSchema.redirect_uri (any value)': 'dropped past 2000 characters',
  // Any JSON value: at most STORAGE_LIMITS.valueBytes as JSON text, checked by the API.
  'newStorageEntrySchema.value (any value)': 'at most 64 KiB of JSON',
  'storageValueBodySchema.value (any value)': 'at most 64 KiB of JSON',
};

describe('request schemas: every string has a maximum length', () => {
  it.each(Object.entries(REQUESTS))('%s', (name, schema) => {
    expect(schema, `${name} is exported`).toBeDefined();
    const found = unboundedStrings(schema).map((field) => `${name}.${field}`);
    expect(found.filter((field) => !(field in EXEMPT))).toEqual([]);
  });

  it('keeps no exemption that nothing needs', () => {
    const found = Object.entries(REQUESTS).flatMap(([name, schema]) =>
      unboundedStrings(schema).map((field) => `${name}.${field}`),
    );
    expect(Object.keys(EXEMPT).filter((field) => !found.includes(field))).toEqual([]);
  });
});

describe('unboundedStrings: the walk', () => {
  it('finds strings without a maximum, wherever they are nested', () => {
    const schema = z.object({
      name: z.string(),
      bounded: z.string().max(10),
      note: z.string().trim().optional().nullable().default(''),
      rows: z.array(z.object({ label: z.string(), id: z.number() })),
      choice: z.union([z.literal('a'), z.string()]),
      extra: z.record(z.string(), z.string().max(5)),
      email: z.email(),
      anything: z.unknown(),
      piped: z.string().transform((text) => text.length),
    });
    expect(unboundedStrings(schema)).toEqual([
      'name',
      'note',
      'rows.[].label',
      'choice',
      'extra.{key}',
      'email',
      'anything (any value)',
      'piped',
    ]);
  });

  it('takes a maximum, an exact length, or a pattern or format that caps the length as a bound', () => {
    const schema = z.object({
      max: z
        .string()
        .max(100)
        .refine((text) => text !== 'x'),
      exact: z.string().length(6),
      email: z.email().max(254),
      mac: z.string().regex(/^[0-9A-F]{2}(?::[0-9A-F]{2}){5}$/),
      id: z.uuid(),
      day: z.iso.date(),
      trimmedThenPattern: z
        .string()
        .trim()
        .transform((text) => text.toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{3}$/)),
      kind: z.enum(['a', 'b']),
      count: z.coerce.number(),
    });
    expect(unboundedStrings(schema)).toEqual([]);
  });

  it('reads a pattern as a bound only when it is anchored and has no open-ended repeat', () => {
    expect(patternCapsLength(/^[a-z]{1,63}$/)).toBe(true);
    expect(patternCapsLength(/^#[0-9a-f]{6}$/i)).toBe(true);
    expect(patternCapsLength(/^[*+]{2}$/)).toBe(true);
    expect(patternCapsLength(/^[a-z]+$/)).toBe(false);
    expect(patternCapsLength(/^a.*$/)).toBe(false);
    expect(patternCapsLength(/^a{2,}$/)).toBe(false);
    expect(patternCapsLength(/[a-z]{3}/)).toBe(false);
    expect(patternCapsLength(/^ab|cd$/)).toBe(false);
    expect(patternCapsLength(/^ab$/m)).toBe(false);
  });
});
