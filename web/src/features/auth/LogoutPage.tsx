import { useEffect } from 'react';
import { api } from '../../shared/lib/api.ts';
import { PageLoadingScreen } from '../../shared/ui/PageLoadingScreen.tsx';

/**
 * /logout: revokes the session (spec §7 POST /account/token/revoke, which also ends an
 * impersonation) and follows the answer's location, normally the login page.
 */
export default function LogoutPage() {
  useEffect(() => {
    void api.session.end();
  }, []);
  return <PageLoadingScreen />;
}
