import type { ActionStatusItem } from '@fleetport/contracts/action-status';
import i18next from 'i18next';
import { lazy } from 'react';
import { ensureArea } from '../lib/i18n.ts';
import { registerModal } from './registry.ts';
import { openModal } from './store.ts';

// Shared code brings its own strings (shared/lib/i18n.ts; pages declare theirs in app/routes/table.ts).
await ensureArea('modals');

/** The registered name of the 'Action status' body. */
export const ACTION_STATUS_MODAL = 'action-status';

registerModal(
  ACTION_STATUS_MODAL,
  lazy(() => import('./ActionStatusModal.tsx').then((module) => ({ default: module.ActionStatusModal }))),
);

/** Where the modal hears the channel: the page's realtime connection, or a fake in tests. */
export interface ActionStatusSource {
  listen: (channel: string, event: string, handler: (payload: unknown) => void) => () => void;
}

export interface ActionStatusOptions {
  /** The rows the action ran on (spec §3 `selection`): listed from the start as pending. */
  selection?: unknown;
  /** Spec §4: closes by itself once every item finished; by default when there is no selection. */
  autoClose?: boolean;
  source?: ActionStatusSource;
}

/** The items a selection names: rows with an id (and a name), or bare ids. */
export function itemsOfSelection(selection: unknown): ActionStatusItem[] {
  if (!Array.isArray(selection)) return [];
  return selection.flatMap((row: unknown): ActionStatusItem[] => {
    if (typeof row === 'string' || typeof row === 'number') return [{ id: row, state: 'pending' }];
    if (typeof row !== 'object' || row === null || !('id' in row)) return [];
    const { id } = row;
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    const name = 'name' in row && typeof row.name === 'string' ? row.name : undefined;
    return [{ id, state: 'pending', ...(name ? { name } : {}) }];
  });
}

/**
 * Spec §4 "Form submit": an answer carrying a channel opens the 'Action status' modal, which
 * lists the progress of each item on that channel. Fits the form engine's `onChannel`.
 */
export function openActionStatus(channel: string, options: ActionStatusOptions = {}): string | undefined {
  return openModal({
    id: `action-status-${channel}`,
    title: i18next.t('modals.actionStatus.title'),
    component: ACTION_STATUS_MODAL,
    props: {
      channel,
      items: itemsOfSelection(options.selection),
      autoClose: options.autoClose ?? options.selection === undefined,
      ...(options.source ? { source: options.source } : {}),
    },
  });
}
