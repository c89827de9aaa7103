import { useEffect } from 'react';
import { PageLoadingScreen } from '../../shared/ui/PageLoadingScreen.tsx';
import { logout } from './api/logout.ts';

/**
 * /logout: revokes the session (spec §7 POST /account/token/revoke, which also ends an
 * impersonation) and follows the answer's location, normally the login page.
 */
export default function LogoutPage() {
  useEffect(() => {
    void logout();
  }, []);
  return <PageLoadingScreen />;
}
