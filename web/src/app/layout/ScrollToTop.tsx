import { SCROLL_TO_TOP_THRESHOLD_PX } from '@fleetport/contracts/limits';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../../shared/ui/lazy-mui.tsx';

// Fetched the first time the page scrolls that far, not with the page.
const Fab = lazy(() => import('@mui/material/Fab'));
const Zoom = lazy(() => import('@mui/material/Zoom'));

/** Spec §2: a scroll-to-top button once the page is scrolled more than 300 px. */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!useOpenedOnce(shown)) return null;
  return (
    <Suspense fallback={null}>
      <Zoom in={shown}>
        <Fab
          size="small"
          color="primary"
          aria-label={t('layout.scrollToTop')}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: (theme) => theme.zIndex.speedDial }}
        >
          <KeyboardArrowUpIcon />
        </Fab>
      </Zoom>
    </Suspense>
  );
}
