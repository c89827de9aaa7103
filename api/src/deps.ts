import type { Logger } from 'pino';
import type { ApiConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { ApiMetrics } from './metrics.ts';
import type { AuditLog } from './modules/audit/chain.ts';
import type { AccountTokens } from './modules/auth/account-tokens.ts';
import type { FailureCounter } from './modules/auth/rate-limit.ts';
import type { Keys } from './modules/auth/secrets.ts';
import type { SessionService } from './modules/auth/sessions.ts';
import type { BackupRuleScheduler } from './modules/backup-rules/scheduler.ts';
import type { DynsecProvisioner } from './modules/devices/dynsec.ts';
import type { DeviceGateway } from './modules/devices/gateway.ts';
import type { BrandDirectory } from './modules/mail/brands.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { MfaService } from './modules/mfa/step-up.ts';
import type { NotificationService } from './modules/notifications/service.ts';
import type { Realtime } from './modules/realtime/realtime.ts';
import type { TaskEngine } from './modules/tasks/engine.ts';

/** What the routes are built from: one object, created at start-up (and by the tests). */
export interface ApiDeps {
  config: ApiConfig;
  database: Database;
  db: Db;
  log: Logger;
  keys: Keys;
  sessions: SessionService;
  loginFailures: FailureCounter;
  /** Failed device claims per user and company (CLAIM_MAX_ATTEMPTS). */
  claimFailures: FailureCounter;
  realtime: Realtime;
  notifications: NotificationService;
  audit: AuditLog;
  mail: Mailer;
  /** The brands' public base URLs and names (e-mail links, the authenticator app's issuer). */
  brands: BrandDirectory;
  accountTokens: AccountTokens;
  mfa: MfaService;
  /** The device gateway: connections, telemetry, commands (docs/device-protocol.md). */
  gateway: DeviceGateway;
  /** MQTT_DYNSEC: the Mosquitto broker's dynamic-security plugin, provisioned from Approved Devices. */
  dynsec?: DynsecProvisioner;
  /** The task engine: task groups, their tasks, their timers (docs/adr/0003-task-engine.md). */
  tasks: TaskEngine;
  /** Periodic backup rules on the task engine's queue (modules/backup-rules/scheduler.ts). */
  backupRules: BackupRuleScheduler;
  /** Prometheus figures (METRICS_PORT); absent, requests are not measured. */
  metrics?: ApiMetrics;
  /**
   * Every answer is checked against its route's response schema (RouteRegistry's
   * `checkResponses`): the tests turn it on; production leaves it off (no cost).
   */
  checkResponses?: boolean;
}
