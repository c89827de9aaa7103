import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { allNotificationsKey, fetchNotifications, type NotificationList } from './list-notifications.ts';

/*
 * GET /notifications a page at a time, for the notifications page. Apart from the bell's query
 * (list-notifications.ts): the layout carries the bell, and the infinite query's code stays out
 * of every signed-in page's first load.
 */

/** The notifications page loads this many at a time. */
export const PAGE_SIZE = 25;

export const allNotificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: allNotificationsKey,
    queryFn: ({ pageParam }) => fetchNotifications(PAGE_SIZE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: NotificationList, pages: NotificationList[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });

/** Every notification of the user, a page at a time (/notifications). */
export function useAllNotifications() {
  return useInfiniteQuery(allNotificationsQuery());
}
