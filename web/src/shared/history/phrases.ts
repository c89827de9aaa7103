import type { AuditEvent } from '@fleetport/contracts/audit-events';

/**
 * What each event type says beyond who: the sentence's key under `history.events`, the values
 * it names and, where the entry holds more than one shape, its variant (i18next context) and
 * count (plurals). Values come only from what the entry recorded (its before and after); a
 * string here is shown as text, never markup (device and user strings are untrusted).
 */
export interface Phrase {
  values?: Record<string, string | number>;
  context?: string;
  count?: number;
}

/** Where a sentence is read: on a device's page it is about that device. */
export interface PhraseContext {
  deviceId?: number | undefined;
  /** The words of changed device settings, joined for the language ("name and monitoring"). */
  listOf: (fields: readonly string[]) => string;
}

type Read = (entry: { before?: unknown; after?: unknown }, context: PhraseContext) => Phrase;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (record: unknown, key: string): unknown => (isRecord(record) ? record[key] : undefined);
/** A recorded string or number as text; an em dash where the entry holds none. */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
const count = (value: unknown): number =>
  Array.isArray(value) ? value.length : typeof value === 'number' ? value : 0;

/** The device settings a person edits, in the order a sentence names them. */
export const DEVICE_SETTINGS = [
  'name',
  'description',
  'monitoring',
  'dynamic_interval_s',
  'static_interval_s',
] as const;

/** Which of a device's settings an edit changed (before and after are whole device rows). */
export function changedSettings(before: unknown, after: unknown): string[] {
  return DEVICE_SETTINGS.filter(
    (key) =>
      isRecord(after) && key in after && JSON.stringify(field(before, key)) !== JSON.stringify(after[key]),
  );
}

const deviceUpdate: Read = ({ before, after }, { listOf }): Phrase => {
  const changed = changedSettings(before, after);
  const others = changed.filter((key) => key !== 'name');
  const fields = listOf(others);
  const name = text(field(after, 'name'));
  if (changed.includes('name'))
    return { context: others.length ? 'renameAnd' : 'rename', values: { name, fields } };
  return others.length ? { values: { fields } } : { context: 'none' };
};

/**
 * An action on several devices: in the log, how many; on one of their pages, "the device" and how
 * many others.
 */
const several =
  (devicesOf: (after: unknown) => unknown, prefix = ''): Read =>
  ({ after }, { deviceId }) => {
    const ids = devicesOf(after);
    const total = count(ids);
    const here = deviceId !== undefined && Array.isArray(ids);
    if (!here) return { ...(prefix ? { context: prefix } : {}), count: total };
    const others = total - 1;
    const context = [prefix, others > 0 ? 'hereWith' : 'here'].filter(Boolean).join('_');
    return others > 0 ? { context, count: others } : { context };
  };

const named =
  (side: 'before' | 'after', key = 'name'): Read =>
  (entry) => ({ values: { name: text(field(entry[side], key)) } });

const taskGroupNamed = (after: unknown): Phrase => {
  const summary = field(after, 'summary');
  return typeof summary === 'string' && summary
    ? { context: 'named', values: { summary: text(summary) } }
    : {};
};

/** A task list by its name and how many steps it holds (its entry records the steps' actions). */
const taskListNamed = (record: unknown): Phrase => ({
  values: { name: text(field(record, 'name')) },
  count: count(field(record, 'steps')),
});

/** A backup rule by its name and how often it runs (daily, weekly, monthly: the sentence's variant). */
const backupRuleNamed = (record: unknown): Phrase => {
  const frequency = field(record, 'frequency');
  return {
    context: frequency === 'weekly' || frequency === 'monthly' ? frequency : 'daily',
    values: { name: text(field(record, 'name')) },
  };
};

/** The task actions with a sentence of their own (`history.events.task.create_<action>`). */
const TASK_SENTENCES: ReadonlySet<string> = new Set([
  'reboot',
  'refresh',
  'cli',
  'firmware_update',
  'backup_upload',
  'task_list',
  'config_write',
]);

/** The file kinds with a sentence of their own (`history.events.file.upload_<kind>`). */
const FILE_KIND_SENTENCES: ReadonlySet<unknown> = new Set(['firmware', 'backup', 'configuration', 'other']);

/**
 * A file uploaded or deleted: "uploaded firmware “x” to Acme", "… to the global firmware
 * catalogue"; an entry written before files had kinds names the file only.
 */
const aboutFile = (record: unknown): Phrase => {
  const name = text(field(record, 'name'));
  if (field(record, 'global') === true) return { context: 'global', values: { name } };
  const company = field(record, 'company_name');
  const kind = field(record, 'kind');
  if (typeof company !== 'string' || !FILE_KIND_SENTENCES.has(kind)) return { values: { name } };
  return { context: String(kind), values: { name, company } };
};

const PHRASES: Record<AuditEvent, Read> = {
  'device.add': named('after'),
  'device.update': deviceUpdate,
  'device.tags': () => ({}),
  'device.delete': named('before'),
  'device.reboot': () => ({}),
  'device.refresh': () => ({}),
  'device.cli': ({ after }) => ({ values: { command: text(field(after, 'command')) } }),
  // The sections changed, never a value (a key, a password).
  'device.config': ({ after }) => {
    const sections = field(after, 'sections');
    return { values: { sections: Array.isArray(sections) ? sections.map(String).join(', ') : '' } };
  },
  'device.note_add': () => ({}),
  'device.note_delete': () => ({}),
  'device.custom': ({ after }) => (field(after, 'custom') ? {} : { context: 'cleared' }),
  'device.backup': () => ({}),
  // The device stored it for whoever asked: "… uploaded the backup “x.fpbackup.gz” (revision 7)".
  'device.backup_stored': ({ after }) => ({
    values: { name: text(field(after, 'name')), revision: text(field(after, 'revision')) },
  }),
  // "… restored the backup “x.fpbackup.gz” (revision 7) to the device".
  'device.restore': ({ after }) => ({
    values: { name: text(field(after, 'name')), revision: text(field(after, 'revision')) },
  }),
  // The bulk action's sentence is its action's: `bulk_move`, `bulk_add_tags` …
  // A move that recorded its company names it ("moved 12 devices to Acme Berlin").
  'device.bulk': (entry, context) => {
    const company = field(entry.after, 'company_name');
    const to = field(entry.after, 'action') === 'move' && typeof company === 'string';
    const phrase = several((after) => field(after, 'ids'), to ? 'to' : '')(entry, context);
    return to ? { ...phrase, values: { company: text(company) } } : phrase;
  },
  'device.add_batch': ({ after }) => ({ count: count(field(after, 'added')) }),
  'device.claims_refused': ({ after }) => ({ count: count(field(after, 'refused')) }),
  'device.approve': ({ after }) => ({ count: count(field(after, 'imported')) }),
  // "Jane removed 1104567890 from Approved Devices".
  'device.unapprove': named('before', 'serial'),
  'device.password_generate': ({ after }) => ({ count: count(field(after, 'count')) }),
  'device.password_set': several((after) => field(after, 'devices')),
  // "Jane scheduled a reboot of 12 devices", "… “uptime” in the CLI of 12 devices".
  'task.create': ({ after }) => {
    const action = String(field(after, 'action')).replace('.', '_');
    return {
      context: TASK_SENTENCES.has(action) ? action : 'other',
      count: count(field(after, 'devices') ?? field(after, 'device_ids')),
      values: { command: text(field(after, 'command')), summary: text(field(after, 'summary')) },
    };
  },
  'task.cancel': ({ after }) => ({ count: count(field(after, 'cancelled')) }),
  // "Jane paused the task group “00.07.09 (RUT_R_00.07.09.bin)”".
  'task.pause': ({ after }) => taskGroupNamed(after),
  'task.resume': ({ after }) => taskGroupNamed(after),
  'task.retry': ({ after }) => ({ count: count(field(after, 'devices')) }),
  // "Jane moved the task group “uptime” to the front of the queue".
  'task.order': ({ after }) => {
    const named = taskGroupNamed(after);
    const to = field(after, 'to') === 'last' ? 'last' : 'first';
    return { ...named, context: named.context ? `${to}_named` : to };
  },
  // "Sam created the task list “Nightly upgrade” (4 steps)"; a new name is said as a rename.
  'task_list.create': ({ after }) => taskListNamed(after),
  'task_list.update': ({ before, after }) => {
    const phrase = taskListNamed(after);
    const from = field(before, 'name');
    return typeof from === 'string' && from !== field(after, 'name')
      ? { ...phrase, context: 'rename', values: { ...phrase.values, from: text(from) } }
      : phrase;
  },
  'task_list.delete': named('before'),
  // "Sam saved the settings of “Depot 7” as the template “Depot standard”"; a rename is said as one.
  'config_template.create': ({ after }): Phrase => {
    const device = field(after, 'device_name');
    return typeof device === 'string'
      ? { context: 'device', values: { name: text(field(after, 'name')), device: text(device) } }
      : { values: { name: text(field(after, 'name')) } };
  },
  'config_template.update': ({ before, after }): Phrase => {
    const [from, name] = [field(before, 'name'), field(after, 'name')];
    return typeof from === 'string' && from !== name
      ? { context: 'rename', values: { from: text(from), name: text(name) } }
      : { values: { name: text(name) } };
  },
  'config_template.delete': named('before'),
  'config_template.assign': ({ after }) => ({
    values: { name: text(field(after, 'name')) },
    count: count(field(after, 'devices')),
  }),
  'config_template.unassign': ({ after }) => ({ count: count(field(after, 'devices')) }),
  // "Sam created the periodic backup rule “Nightly” (daily)"; a rename is said as one.
  'backup_rule.create': ({ after }) => backupRuleNamed(after),
  'backup_rule.update': ({ before, after }) => {
    const phrase = backupRuleNamed(after);
    const from = field(before, 'name');
    return typeof from === 'string' && from !== field(after, 'name')
      ? { ...phrase, context: `${phrase.context}_rename`, values: { ...phrase.values, from: text(from) } }
      : phrase;
  },
  'backup_rule.delete': named('before'),
  'company.create': named('after'),
  'company.update': ({ before, after }): Phrase => {
    const [from, name] = [field(before, 'name'), field(after, 'name')];
    return from !== name
      ? { context: 'rename', values: { from: text(from), name: text(name) } }
      : { values: { name: text(name) } };
  },
  'company.move': named('after'),
  'company.delete': named('before'),
  'company.invite': ({ after }) => ({
    values: { email: text(field(after, 'email')), parent: text(field(after, 'parent_company_name')) },
  }),
  'company.invite_withdraw': ({ before }) => ({ values: { email: text(field(before, 'email')) } }),
  'company.invite_accept': ({ after }) => ({
    values: { email: text(field(after, 'admin')), name: text(field(after, 'name')) },
  }),
  'user.invite': ({ after }) => ({
    values: { email: text(field(after, 'email')), role: text(field(after, 'role_title')) },
  }),
  'user.invite_resend': ({ after }) => ({ values: { email: text(field(after, 'email')) } }),
  'user.invite_withdraw': ({ before }) => ({ values: { email: text(field(before, 'email')) } }),
  'user.join': ({ after }) => ({
    values: { email: text(field(after, 'email')), role: text(field(after, 'role')) },
  }),
  'user.role': ({ before, after }) => ({
    values: {
      email: text(field(after, 'email')),
      from: text(field(before, 'role')),
      role: text(field(after, 'role')),
    },
  }),
  'user.delete': ({ before }) => ({ values: { email: text(field(before, 'email')) } }),
  'user.impersonation_request': ({ after }) => ({ values: { email: text(field(after, 'requested')) } }),
  'user.impersonation_grant': () => ({}),
  'user.impersonation_withdraw': () => ({}),
  'user.impersonation_start': ({ after }) => ({ values: { email: text(field(after, 'started')) } }),
  'user.impersonation_end': () => ({}),
  'account.login': () => ({}),
  'account.logout': () => ({}),
  'account.password_confirm': () => ({}),
  'account.password_change': () => ({}),
  'account.password_reset': () => ({}),
  'account.email_verify': () => ({}),
  'account.activation_resend': () => ({}),
  'account.sessions_revoke': () => ({}),
  'account.mfa_setup': () => ({}),
  'account.mfa_enable': ({ after }) => {
    const method = field(after, 'mfa_type');
    return method === 'totp' || method === 'email' ? { context: method } : {};
  },
  'account.mfa_disable': () => ({}),
  'account.preferences': () => ({}),
  'account.notifications_read': () => ({}),
  'tag.create': named('after'),
  'tag.update': named('after'),
  'tag.delete': named('before'),
  'role.create': named('after', 'title'),
  'role.update': named('after', 'title'),
  'role.delete': named('before', 'title'),
  'file.upload': ({ after }) => aboutFile(after),
  'file.delete': ({ before }) => aboutFile(before),
  // "Ada shared the file “x” with Acme East", or stopped sharing it.
  'file.permissions': ({ after }): Phrase => {
    const shared = field(after, 'shared_with');
    const name = text(field(after, 'name'));
    return count(shared) > 0 && Array.isArray(shared)
      ? { count: count(shared), values: { name, companies: shared.map(text).join(', ') } }
      : { context: 'none', values: { name } };
  },
  'announcement.send': ({ after }) => ({
    values: { name: text(field(after, 'summary')) },
    count: count(field(after, 'recipients')),
  }),
  'credits.add': () => ({}),
  'credits.move': ({ after }) => ({ count: count(field(after, 'amount')) }),
  'credits.buy_data': ({ after }) => ({
    values: { credits: text(field(after, 'credits')), gb: text(field(after, 'gb')) },
  }),
  'credits.code_create': ({ after }) => ({ count: count(field(after, 'amount')) }),
  'credits.code_activate': ({ after }) => ({ count: count(field(after, 'amount')) }),
};

/** The phrase of an event type this console knows, or undefined (the caller says something generic). */
export function phraseOf(
  event: AuditEvent,
  entry: { before?: unknown; after?: unknown },
  context: PhraseContext,
): Phrase & { key: string } {
  const phrase = PHRASES[event](entry, context);
  if (event !== 'device.bulk') return { key: `history.events.${event}`, ...phrase };
  // The bulk action names its kind in `after.action`; the sentence is that kind's.
  return { key: `history.events.device.bulk_${String(field(entry.after, 'action'))}`, ...phrase };
}
