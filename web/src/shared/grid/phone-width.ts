import { useTheme } from '@mui/material/styles';
import { useCallback, useSyncExternalStore } from 'react';

/** Whether the screen is a phone's (below the theme's `sm` breakpoint); false on the server. */
export function usePhoneWidth(): boolean {
  const query = useTheme()
    .breakpoints.down('sm')
    .replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches,
    () => false,
  );
}
