import type { AppVersion } from '@fleetport/contracts/app-version';
import i18next from 'i18next';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { confirmModal } from '../../shared/modals/prompts.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { DesignNoticeBody } from './DesignNoticeBody.tsx';
import { recordLater } from './spa-version.ts';
import { DESIGN_NOTICE_REMINDER, type StartNotice } from './start-notices.ts';

// Shared code brings its own strings (shared/lib/i18n.ts; pages declare theirs in app/routes/table.ts).
await ensureArea('updates');

/** Loaded only when one of these dialogs opens (AppUpdates imports this module lazily). */

export const UPDATE_PROMPT_ID = 'update-prompt';
export const UPDATE_NOTICE_ID = 'update-notice';
export const DESIGN_NOTICE_ID = 'new-design-notice';
const DESIGN_NOTICE_BODY = 'new-design-notice';

registerModal(DESIGN_NOTICE_BODY, DesignNoticeBody);

export interface UpdateContext {
  appName: string;
  /** Goes to /changelog in the console (the router's navigation). */
  openChangelog: () => void;
  /** Loads the new build; the page's reload unless a test replaces it. */
  reload?: () => void;
}

/** Versions put off with 'Later' on this page: a reconnect re-announcing one does not ask again. */
const putOff = new Set<string>();
/** The version the open prompt is about. */
let asking: string | undefined;

/**
 * Spec §4 "Update prompt": shown when a new version is announced. 'Reload now' reloads; 'Later'
 * closes it and sets the stored current version timestamp (spa_version) to 0, as does closing it
 * any other way (Escape, the close button). A newer announcement replaces an open prompt.
 */
export async function promptUpdate(announced: AppVersion, context: UpdateContext): Promise<void> {
  if (putOff.has(announced.version) || asking === announced.version) return;
  asking = announced.version;
  const answer = await confirmModal({
    id: UPDATE_PROMPT_ID,
    title: i18next.t('updates.prompt.title'),
    prompt: i18next.t('updates.prompt.body', { appName: context.appName }),
    confirmLabel: i18next.t('updates.prompt.reload'),
    cancelLabel: i18next.t('updates.prompt.later'),
    minimizeDisable: true,
  });
  // Replaced by the prompt for a newer version: that one holds the answer.
  if (asking !== announced.version) return;
  asking = undefined;
  if (answer) {
    (context.reload ?? (() => window.location.reload()))();
    return;
  }
  putOff.add(announced.version);
  recordLater();
}

/** Spec §2 "Update notice": the console started on a new build; the changelog says what changed. */
export async function showUpdateNotice(context: UpdateContext): Promise<void> {
  const answer = await confirmModal({
    id: UPDATE_NOTICE_ID,
    title: i18next.t('updates.notice.title', { appName: context.appName }),
    prompt: i18next.t('updates.notice.body', { appName: context.appName }),
    confirmLabel: i18next.t('updates.notice.changelog'),
    cancelLabel: i18next.t('updates.notice.dismiss'),
    minimizeDisable: true,
  });
  if (answer) context.openChangelog();
}

/**
 * Spec §2 "New design notice": introduces the layout, once per sign-in, until the user ticks
 * 'Do not show this again' (a user preference, spec §4 "Modals", so it holds on every browser).
 */
export async function showDesignNotice(context: UpdateContext): Promise<void> {
  await confirmModal({
    id: DESIGN_NOTICE_ID,
    title: i18next.t('updates.design.title', { appName: context.appName }),
    component: DESIGN_NOTICE_BODY,
    reminderKey: DESIGN_NOTICE_REMINDER,
    confirmLabel: i18next.t('updates.design.ok'),
    hideCancel: true,
    minimizeDisable: true,
  });
}

/** The start notices one after the other, so they do not stack. */
export async function showStartNotices(due: readonly StartNotice[], context: UpdateContext): Promise<void> {
  for (const notice of due) {
    if (notice === 'update-notice') await showUpdateNotice(context);
    else await showDesignNotice(context);
  }
}
