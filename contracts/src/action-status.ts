import { z } from 'zod';
import { ACTION_STATUS_EVENT } from './realtime-names.ts';

/**
 * The progress events behind the 'Action status' modal (spec §2 "Socket action", spec §4 "Form
 * submit"): a write that answers with a realtime channel (`data.meta.channel`) reports the
 * progress of each item it touches (a device, a task) on that channel, one event at a time,
 * until every item has finished. An event carries the items that changed; the console merges
 * them by id. The API does not emit it yet (device actions come later).
 */

/** The event name on the action's channel (its home is realtime-names.ts, which has no zod). */
export { ACTION_STATUS_EVENT };

/** An item's state: it waits, runs, then finishes one way or the other. */
export const ACTION_ITEM_STATES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type ActionItemState = (typeof ACTION_ITEM_STATES)[number];

/** The states that end an item. */
export const FINISHED_ACTION_ITEM_STATES: ReadonlySet<ActionItemState> = new Set(['succeeded', 'failed']);

export const actionStatusItemSchema = z.object({
  /** The item's id (a device id, a task id). */
  id: z.union([z.string().min(1), z.number().int()]),
  /** What the console shows for the item (a device name); the id when missing. */
  name: z.string().optional(),
  state: z.enum(ACTION_ITEM_STATES),
  /** The device's or the server's words on the outcome, shown as they come. */
  message: z.string().optional(),
});
export type ActionStatusItem = z.infer<typeof actionStatusItemSchema>;

export const actionStatusEventSchema = z.object({
  /** The channel the event was sent on (the realtime client dispatches by it). */
  channel: z.string().min(1),
  items: z.array(actionStatusItemSchema).min(1),
});
export type ActionStatusEvent = z.infer<typeof actionStatusEventSchema>;
