import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The tables, mirrored by the versioned SQL files in `api/migrations/` (the migrations are
 * the truth for the database; this file is the truth for queries, and tests run one against
 * the other). Timestamps are `timestamptz`: UTC on the wire (spec §4).
 */
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The company tree. `path` is the materialised path of ids from the root, each followed by a
 * slash (`1/4/9/`): "is B in A's subtree" is `B.path LIKE A.path || '%'`, one indexed range
 * scan and never a recursive query per request.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    path: text('path').notNull(),
    depth: integer('depth').notNull(),
    showPayment: boolean('show_payment').notNull().default(false),
    /** Devices of this company, not of its subsidiaries; kept by a trigger on `devices` (0012). */
    deviceCount: integer('device_count').notNull().default(0),
    /** IANA time zone: the company's maintenance windows are in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('companies_path_idx').on(table.path),
    index('companies_parent_idx').on(table.parentId),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** Null: a global role (spec §3). */
  companyId: integer('company_id'),
  scope: text('scope', { enum: ['all', 'subtree', 'company'] }).notNull(),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull(),
    permission: text('permission').notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permission] })],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  username: text('username').notNull(),
  passwordHash: text('password_hash'),
  companyId: integer('company_id').notNull(),
  roleId: integer('role_id').notNull(),
  emailVerifiedAt: at('email_verified_at'),
  mfaType: text('mfa_type', { enum: ['totp', 'email'] }),
  totpSecret: text('totp_secret'),
  /** A TOTP secret being enrolled: it becomes `totp_secret` with its first valid code. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The time step of the last accepted TOTP code: a code is single-use. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  countryIsoCode: text('country_iso_code'),
  impersonationAccessLimit: at('impersonation_access_limit'),
  /** The language of the user's e-mails (migrations/0003_account_tokens.sql). */
  locale: text('locale', { enum: ['en', 'ja'] })
    .notNull()
    .default('en'),
  createdAt: createdAt(),
});

/** One login. Access tokens name it (`sid`); revoking it ends every token of the login. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull(),
  /** The admin acting as `user_id` while impersonating (the token's `act` claim). */
  actorUserId: integer('actor_user_id'),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
  revokedReason: text('revoked_reason'),
  mfaVerifiedAt: at('mfa_verified_at'),
  passwordConfirmedAt: at('password_confirmed_at'),
  /** While impersonating: the admin's own session, which cancelling returns to. */
  parentSessionId: uuid('parent_session_id'),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

/** Refresh tokens, stored as SHA-256 hashes; a session's tokens form one rotation family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

export const userStorage = pgTable(
  'user_storage',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    summary: text('summary').notNull(),
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    seenAt: at('seen_at'),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.id)],
);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  color: text('color'),
  createdAt: createdAt(),
});

/** A super admin's notice to a company or its subtree (migrations/0006_announcements.sql). */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    summary: text('summary').notNull(),
    includeSubsidiaries: boolean('include_subsidiaries').notNull(),
    recipients: integer('recipients').notNull(),
    sentBy: integer('sent_by'),
    createdAt: createdAt(),
  },
  (table) => [index('announcements_company_idx').on(table.companyId)],
);

/** Hash-chained record of every write (migrations/0002_audit_log.sql). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    userId: integer('user_id'),
    companyId: integer('company_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
    /** The event type (contracts/src/audit-events.ts); null before migration 0015. */
    event: text('event'),
  },
  (table) => [
    index('audit_log_company_idx').on(table.companyId, table.id),
    index('audit_log_event_idx').on(table.event, table.id),
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.id),
  ],
);

/** An MFA challenge between an MFA_REQUIRED answer and the repeated request (`session_uuid`). */
export const mfaChallenges = pgTable('mfa_challenges', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull(),
  method: text('method', { enum: ['totp', 'email'] }).notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  createdAt: createdAt(),
});

/** Single-use tokens behind e-mailed links and grants, stored as SHA-256 hashes (0003). */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'impersonation_grant'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('account_tokens_user_idx').on(table.userId, table.purpose, table.createdAt)],
);

/** E-mail captured by the outbox transport (the default when SMTP_URL is unset; 0003). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    sender: text('sender').notNull(),
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    brandId: text('brand_id').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (table) => [
    index('mail_outbox_recipient_idx').on(table.recipient, table.id),
    index('mail_outbox_created_idx').on(table.createdAt),
  ],
);

/** Company files (migrations/0004_files.sql); the bytes are `<FILES_DIR>/<id>`. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    /** Null: the global firmware catalogue, which every company sees. */
    companyId: integer('company_id'),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    description: text('description'),
    kind: text('kind', { enum: ['firmware', 'backup', 'configuration', 'other'] })
      .notNull()
      .default('other'),
    /** Firmware: its version, the model families it fits, its release notes. */
    version: text('version'),
    families: text('families').array().notNull().default(sql`'{}'::text[]`),
    releaseNotes: text('release_notes'),
    /** Null once the uploader's account is deleted. */
    uploadedBy: integer('uploaded_by'),
    createdAt: createdAt(),
    /** A device's backup (migration 0023): its device, the revision it holds, the task that took it. */
    deviceId: integer('device_id'),
    configRevision: integer('config_revision'),
    taskId: uuid('task_id'),
    /** The periodic backup rule whose run stored it (migration 0025): its keep-N counts it. */
    backupRuleId: integer('backup_rule_id'),
  },
  (table) => [index('files_company_idx').on(table.companyId)],
);

/** File permissions: a company's file shared with chosen companies below it. */
export const fileShares = pgTable(
  'file_shares',
  {
    fileId: integer('file_id').notNull(),
    companyId: integer('company_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.companyId] })],
);

/** Open invitations into a company with a role (migrations/0007_user_invitations.sql). */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    email: text('email').notNull(),
    roleId: integer('role_id').notNull(),
    /** SHA-256 of the e-mailed link's token; a resend replaces it. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by'),
    /** The inviter's language, for the e-mail and the new user. */
    locale: text('locale', { enum: ['en', 'ja'] })
      .notNull()
      .default('en'),
    expiresAt: at('expires_at').notNull(),
    sentAt: at('sent_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('user_invitations_company_idx').on(table.companyId)],
);

/** The credit-type catalogue, ids 1–10, even ids paid (migrations/0008_credits.sql). */
export const creditTypes = pgTable('credit_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  paymentType: text('payment_type', { enum: ['paid', 'free', 'resource'] }).notNull(),
  licenseType: text('license_type').notNull(),
});

/** A company's credits of one type; never below zero (a CHECK). */
export const creditBalances = pgTable(
  'credit_balances',
  {
    companyId: integer('company_id').notNull(),
    creditTypeId: integer('credit_type_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.creditTypeId] })],
);

/** Credits issued into a company by the platform (spec §3 Credit pool). */
export const creditPools = pgTable('credit_pools', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  creditTypeId: integer('credit_type_id').notNull(),
  creditCount: bigint('credit_count', { mode: 'number' }).notNull(),
  creditPrice: numeric('credit_price', { precision: 14, scale: 2 }),
  proFormNr: text('pro_form_nr'),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});

/** A credit code: credits taken from a company, given to whichever company activates it. */
export const creditCodes = pgTable('credit_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  creditTypeId: integer('credit_type_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  comment: text('comment'),
  fromCompanyId: integer('from_company_id'),
  createdBy: integer('created_by'),
  usedByCompanyId: integer('used_by_company_id'),
  usedBy: integer('used_by'),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/** Every balance change, with its reason. */
export const creditHistory = pgTable('credit_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  companyId: integer('company_id').notNull(),
  creditTypeId: integer('credit_type_id').notNull(),
  change: bigint('change', { mode: 'number' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  reason: text('reason', {
    enum: [
      'pool',
      'move_in',
      'move_out',
      'code_created',
      'code_activated',
      'data_purchase',
      'device_monitoring',
      'file_upload',
    ],
  }).notNull(),
  otherCompanyId: integer('other_company_id'),
  actorUserId: integer('actor_user_id'),
  createdAt: createdAt(),
});

/** A company's remaining data allowance in GB. */
export const companyData = pgTable('company_data', {
  companyId: integer('company_id').primaryKey(),
  remainingGb: bigint('remaining_gb', { mode: 'number' }).notNull().default(0),
});

export const dataHistory = pgTable('data_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  companyId: integer('company_id').notNull(),
  credits: bigint('credits', { mode: 'number' }).notNull(),
  gb: bigint('gb', { mode: 'number' }).notNull(),
  remainingAfter: bigint('remaining_after', { mode: 'number' }).notNull(),
  actorUserId: integer('actor_user_id'),
  createdAt: createdAt(),
});

/** Open invitations to create a company under the inviter's (migrations/0009_company_invitations.sql). */
export const companyInvitations = pgTable('company_invitations', {
  id: serial('id').primaryKey(),
  parentCompanyId: integer('parent_company_id').notNull(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: integer('invited_by'),
  locale: text('locale', { enum: ['en', 'ja'] })
    .notNull()
    .default('en'),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Approved Devices: identities allowed to connect (migrations/0010_devices.sql). */
export const deviceIdentities = pgTable('device_identities', {
  id: serial('id').primaryKey(),
  serial: text('serial').notNull().unique(),
  mac: text('mac').notNull(),
  secretSha256: text('secret_sha256').notNull(),
  lastHello: jsonb('last_hello'),
  lastSeenAt: at('last_seen_at'),
  createdAt: createdAt(),
});

/** A device in a company; `state` holds each telemetry category's latest reading. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** The company's path, kept by triggers (0012): what a tenant sees is decided on this table. */
    companyPath: text('company_path').notNull().default(''),
    identityId: integer('identity_id').notNull().unique(),
    serial: text('serial').notNull().unique(),
    mac: text('mac').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    model: text('model'),
    firmware: text('firmware'),
    capabilities: jsonb('capabilities'),
    connected: boolean('connected').notNull().default(false),
    firstSeenAt: at('first_seen_at'),
    lastSeenAt: at('last_seen_at'),
    monitoring: boolean('monitoring').notNull().default(true),
    dynamicIntervalS: integer('dynamic_interval_s').notNull().default(300),
    staticIntervalS: integer('static_interval_s').notNull().default(86400),
    creditUntil: at('credit_until'),
    state: jsonb('state').notNull().default(sql`'{}'::jsonb`),
    /** The device custom box (spec §2): `{ title, fields: [{ label, value }] }`. */
    custom: jsonb('custom'),
    createdAt: createdAt(),
    /**
     * What the list's search looks in (migration 0016): name, serial, MAC without separators,
     * model, firmware, IMEI and WAN IP, one per line; kept by PostgreSQL, trigram-indexed.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`name || E'\\n' || serial || E'\\n' || translate(mac, ':-.', '') || E'\\n' || coalesce(model, '') || E'\\n' || coalesce(firmware, '') || E'\\n' || coalesce(state #>> '{static,data,imei}', '') || E'\\n' || coalesce(state #>> '{dynamic,data,wan_ip}', '')`,
      ),
  },
  (table) => [
    index('devices_company_idx').on(table.companyId, table.id),
    index('devices_company_path_idx').on(table.companyPath),
    index('devices_name_idx').on(table.name, table.id),
    index('devices_search_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/** Notes people leave on a device (spec §2 "New note"). */
export const deviceNotes = pgTable(
  'device_notes',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id').notNull(),
    userId: integer('user_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('device_notes_device_idx').on(table.deviceId, table.id)],
);

/** The commands sent to devices and how each ended (migrations/0015_audit_events.sql). */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: uuid('id').primaryKey(),
    deviceId: integer('device_id').notNull(),
    action: text('action').notNull(),
    state: text('state', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('device_commands_device_idx').on(table.deviceId)],
);

/** One user action over many devices (migrations/0017_task_engine.sql; contracts/src/tasks.ts). */
export const taskGroups = pgTable('task_groups', {
  id: serial('id').primaryKey(),
  action: text('action').notNull(),
  summary: text('summary'),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  state: text('state', { enum: ['scheduled', 'running', 'paused', 'finished', 'cancelled'] })
    .notNull()
    .default('running'),
  companyId: integer('company_id'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  position: doublePrecision('position').notNull(),
  total: integer('total').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  /** A firmware campaign's image, start, daily window (minutes, company time zone) and waves. */
  fileId: integer('file_id'),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
  windowStart: smallint('window_start'),
  windowEnd: smallint('window_end'),
  timeZone: text('time_zone'),
  canaryPercent: smallint('canary_percent'),
  waveCount: smallint('wave_count').notNull().default(1),
  failureThreshold: smallint('failure_threshold'),
  currentWave: smallint('current_wave').notNull().default(0),
  pausedReason: text('paused_reason'),
  /** A health gate's reason as values (migration 0020). */
  pausedArgs: jsonb('paused_args').$type<{
    wave: number;
    canary: boolean;
    failed: number;
    ended: number;
    threshold: number;
  }>(),
  /** The periodic backup rule that started it (migration 0025). */
  backupRuleId: integer('backup_rule_id'),
});

/** A company's saved list of steps (Execute task list; migrations/0020_task_lists.sql). */
export const taskLists = pgTable('task_lists', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  name: text('name').notNull(),
  steps: jsonb('steps').$type<unknown[]>().notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A company's periodic backup rule (migrations/0025_backup_rules.sql; contracts/src/backup-rules.ts). */
export const backupRules = pgTable('backup_rules', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  name: text('name').notNull(),
  targetKind: text('target_kind', { enum: ['device', 'tag', 'company'] }).notNull(),
  targetId: integer('target_id').notNull(),
  frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
  weekday: smallint('weekday'),
  dayOfMonth: smallint('day_of_month'),
  timeOfDay: text('time_of_day').notNull(),
  keep: smallint('keep').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastGroupId: integer('last_group_id'),
  lastRunDevices: integer('last_run_devices'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The action of a group for one device; its id is the command id the device acknowledges. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey(),
    groupId: integer('group_id').notNull(),
    deviceId: integer('device_id').notNull(),
    state: text('state', {
      enum: ['queued', 'sent', 'in_progress', 'succeeded', 'failed', 'cancelled', 'expired'],
    })
      .notNull()
      .default('queued'),
    /** What it does: its group's action, or its step's in a task list (migration 0020). */
    action: text('action').notNull(),
    /** Its step in a task list (0 is the first). */
    step: smallint('step').notNull().default(0),
    /** A task list's step after the first: the device's task of the step before, which must succeed first. */
    afterTask: uuid('after_task'),
    progress: integer('progress'),
    message: text('message'),
    /** The engine's words as a code and values (contracts TASK_MESSAGE_CODES); null: the device's. */
    messageCode: text('message_code'),
    messageArgs: jsonb('message_args').$type<Record<string, string | number>>(),
    attempts: integer('attempts').notNull().default(0),
    /** A campaign's wave: 0 is the canary (or the whole group). */
    wave: smallint('wave').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** A secret for the device (a new password), sealed; forgotten when the task ends (migration 0019). */
    secret: text('secret'),
    /** Set unique: the device's own part of a configuration change, secrets masked (migration 0022). */
    params: jsonb('params').$type<Record<string, Record<string, string | number | boolean> | null>>(),
  },
  (table) => [index('tasks_group_idx').on(table.groupId, table.state)],
);

/** Saved configurations and templates (migrations/0024_config_templates.sql). */
export const configTemplates = pgTable('config_templates', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  family: text('family'),
  sections: jsonb('sections').$type<Record<string, Record<string, string | number | boolean>>>().notNull(),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The template a device follows (one at most). */
export const deviceTemplates = pgTable('device_templates', {
  deviceId: integer('device_id').primaryKey(),
  templateId: integer('template_id').notNull(),
  assignedBy: integer('assigned_by'),
  assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A device's configuration as it last reported it (migrations/0021_device_config.sql). */
export const deviceConfigs = pgTable('device_configs', {
  deviceId: integer('device_id').primaryKey(),
  revision: integer('revision').notNull(),
  changedBy: text('changed_by', { enum: ['console', 'local', 'rollback', 'boot'] }).notNull(),
  config: jsonb('config').$type<Record<string, Record<string, string | number | boolean>>>().notNull(),
  reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Every change of a task's state (Task logs). */
export const taskLogs = pgTable(
  'task_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: uuid('task_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    state: text('state').notNull(),
    progress: integer('progress'),
    message: text('message'),
    messageCode: text('message_code'),
    messageArgs: jsonb('message_args').$type<Record<string, string | number>>(),
  },
  (table) => [index('task_logs_task_idx').on(table.taskId, table.id)],
);

/** Each firmware a device came back on, and the one before (spec §2 "View update history"). */
export const deviceFirmwareHistory = pgTable(
  'device_firmware_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').notNull(),
    fromVersion: text('from_version'),
    toVersion: text('to_version').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('device_firmware_history_device_idx').on(table.deviceId, table.id)],
);

export const deviceTags = pgTable(
  'device_tags',
  {
    deviceId: integer('device_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.tagId] }),
    index('device_tags_tag_idx').on(table.tagId),
  ],
);

/** Spec §8 connection log reasons, per identity. */
export const deviceConnectionLog = pgTable(
  'device_connection_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    identityId: integer('identity_id').notNull(),
    reason: integer('reason').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (table) => [index('device_connection_log_identity_idx').on(table.identityId, table.id)],
);

/** Telemetry history for the charts. */
export const deviceTelemetry = pgTable(
  'device_telemetry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').notNull(),
    category: text('category').notNull(),
    at: at('at').notNull(),
    data: jsonb('data').notNull(),
  },
  (table) => [
    index('device_telemetry_device_idx').on(table.deviceId, table.category, table.at),
    index('device_telemetry_at_idx').on(table.at),
  ],
);
