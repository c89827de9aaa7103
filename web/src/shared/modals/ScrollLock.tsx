import GlobalStyles from '@mui/material/GlobalStyles';
import { useState } from 'react';

/**
 * Spec §4 "Page scroll is locked while any non-minimized modal is open": rendered while one is.
 * A global style rather than MUI's per-dialog lock, because minimized dialogs stay mounted; the
 * scrollbar's width becomes padding so the page does not shift.
 */
export function ScrollLock() {
  const [scrollbar] = useState(() => {
    const width = document.documentElement.clientWidth;
    return width > 0 ? Math.max(0, window.innerWidth - width) : 0;
  });
  return (
    <GlobalStyles
      styles={{ body: { overflow: 'hidden', ...(scrollbar ? { paddingRight: scrollbar } : {}) } }}
    />
  );
}
