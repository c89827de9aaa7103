import type { ANNOUNCEMENT_MAX_LENGTH, Announcement } from '@fleetport/contracts/announcements';
import { announcementsKey } from './list-announcements.ts';

/**
 * The server's limit on a summary (a notification has to fit the bell), typed as the contract's:
 * its module holds zod, which stays out of this page's first load.
 */
export const SUMMARY_MAX_LENGTH: typeof ANNOUNCEMENT_MAX_LENGTH = 500;

/**
 * POST /announcements, sent by the page's form (`SchemaForm`): the company, whether its
 * subsidiaries too, the summary. What was sent (`tableRef`) reloads after success.
 */
export const sendAnnouncement = { url: '/announcements', tableRef: announcementsKey } as const;

/** The announcement sent, from the answer of POST /announcements. */
export function sentAnnouncement(response: unknown): Announcement | undefined {
  return (response as { data?: Announcement } | undefined)?.data;
}
