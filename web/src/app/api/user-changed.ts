import { notificationsChannel, USER_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import { useEffect, useRef } from 'react';
import { api } from '../../shared/lib/api.ts';
import type { CurrentUser } from '../../shared/lib/auth.ts';
import { listenLater } from '../../shared/realtime/listen-later.ts';

/** GET /user (spec §3 "Current user"), through the client's own call for it. */
export function fetchCurrentUser(): Promise<CurrentUser> {
  return api.getUser<CurrentUser>();
}

/**
 * A role change or deletion by an admin (the API's UserChanged on the user's channel): who the
 * user is, reloaded and handed to `onUser`. The realtime client loads with this first listener.
 */
export function useUserChanged(userId: number | undefined, onUser: (user: CurrentUser) => void): void {
  const latest = useRef(onUser);
  useEffect(() => {
    latest.current = onUser;
  });
  useEffect(() => {
    if (userId === undefined) return;
    return listenLater(notificationsChannel(userId), USER_CHANGED_EVENT, () => {
      fetchCurrentUser().then(
        (user) => latest.current(user),
        // A deleted user's next request meets the 401 and the login page (spec §8).
        (error: unknown) => console.warn('user reload failed', error),
      );
    });
  }, [userId]);
}
