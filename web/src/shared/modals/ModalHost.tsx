import { lazy, Suspense, useLayoutEffect } from 'react';
import { useUserStorage } from '../lib/user-storage.ts';
import { bindReminderStorage } from './reminders.ts';
import { useModals } from './store.ts';

/** The windows' code (MUI dialogs and their parts) loads with the first modal, not with the page. */
const ModalLayer = lazy(() => import('./ModalLayer.tsx').then((module) => ({ default: module.ModalLayer })));

/**
 * The modal host (spec §2: present in every layout state, the unauthenticated one included):
 * renders what the modal store holds. It binds the signed-in user's storage for the 'Do not
 * show this again' preferences, so it sits inside the UserStorageContext, and modal bodies see
 * the session and storage contexts around it.
 */
export function ModalHost() {
  const modals = useModals();
  const storage = useUserStorage();
  // A layout effect: bound before any page's effect can open a modal.
  useLayoutEffect(() => bindReminderStorage(storage), [storage]);
  if (modals.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ModalLayer modals={modals} />
    </Suspense>
  );
}
