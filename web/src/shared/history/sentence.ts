import type { CommandOutcome } from '@fleetport/contracts/audit';
import { isAuditEvent, subjectOf } from '@fleetport/contracts/audit-events';
import type { TFunction } from 'i18next';
import { phraseOf } from './phrases.ts';

/**
 * History people can read (spec §2 Action logs, device activity): an audit entry as one
 * sentence in the user's language, with who, what and how it ended ("Ada Admin rebooted the
 * device; back online after 6 seconds"). The event type picks the sentence
 * (`history.events.<event>`); an entry without one (written before event types) or of a type
 * this console does not know reads as a generic sentence about its subject. Never a route.
 *
 * The sentence is plain text: the values in it (names, commands, a device's message) are
 * untrusted, and are shown as text (React escapes it; i18next does not need to).
 */
export interface HistoryEntry {
  event?: string | null | undefined;
  /** What the entry is about (the log's entries); a device's activity is about its device. */
  entity?: string | undefined;
  user_name?: string | null | undefined;
  user_email?: string | null | undefined;
  actor_user_id?: number | null | undefined;
  actor_name?: string | null | undefined;
  before?: unknown;
  after?: unknown;
  outcome?: CommandOutcome | null | undefined;
}

export interface SentenceContext {
  language: string;
  /** On a device's page: the device the sentences are about. */
  deviceId?: number | undefined;
}

/** A key computed from data: the catalogue's types cannot follow it, the parity tests do. */
type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** Who acted: the user's name (else e-mail), and the admin who acted for them while impersonating. */
export function whoOf(t: TFunction, entry: HistoryEntry): string {
  const someone = t('history.someone');
  const user = entry.user_name || entry.user_email || someone;
  if (entry.actor_user_id == null) return user;
  return t('history.onBehalf', { actor: entry.actor_name || someone, user });
}

/** How long a command took, in the language's words ("6 seconds", "2 minutes"). */
function durationOf(ms: number, language: string): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const [value, unit] = seconds < 120 ? [seconds, 'second'] : [Math.round(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** How a command sent to a device ended, when it has: "succeeded", "back online after 6 seconds", "failed: …". */
export function outcomeOf(t: TFunction, entry: HistoryEntry, language: string): string | undefined {
  const outcome = entry.outcome;
  if (!outcome || outcome.state === 'running') return undefined;
  if (outcome.state === 'failed') {
    return outcome.message
      ? t('history.outcome.failedWith', { message: outcome.message })
      : t('history.outcome.failed');
  }
  if (entry.event === 'device.reboot' && outcome.finished_at) {
    const took = Date.parse(outcome.finished_at) - Date.parse(outcome.started_at);
    return t('history.outcome.backOnline', { duration: durationOf(took, language) });
  }
  return t('history.outcome.succeeded');
}

/** "Ada Admin changed the device", for an entry no specific sentence describes. */
function genericSentence(t: TFunction, entry: HistoryEntry, who: string, context: SentenceContext): string {
  const subject = entry.event ? subjectOf(entry.event) : (entry.entity ?? (context.deviceId ? 'device' : ''));
  const noun = (t as unknown as LooseT)(`history.subjects.${subject}`, { defaultValue: '' });
  return noun ? t('history.generic.changed', { who, subject: noun }) : t('history.generic.unknown', { who });
}

/** The entry as one sentence, with its outcome when it has one. */
export function historySentence(t: TFunction, entry: HistoryEntry, context: SentenceContext): string {
  const who = whoOf(t, entry);
  let sentence = '';
  if (isAuditEvent(entry.event)) {
    const list = new Intl.ListFormat(context.language, { type: 'conjunction' });
    const { key, values, ...options } = phraseOf(entry.event, entry, {
      deviceId: context.deviceId,
      listOf: (fields) =>
        list.format(fields.map((name) => (t as unknown as LooseT)(`history.changes.${name}`))),
    });
    sentence = (t as unknown as LooseT)(key, { ...values, ...options, who, defaultValue: '' });
  }
  if (!sentence) sentence = genericSentence(t, entry, who, context);
  const outcome = outcomeOf(t, entry, context.language);
  return outcome ? t('history.withOutcome', { sentence, outcome }) : sentence;
}
