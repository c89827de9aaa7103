import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The changelog and its converter come after the page's frame (the first-load budget); a chunk
 * that fails to load goes to the route's error element like any page's.
 */
const ChangelogContent = lazy(() =>
  import('./ChangelogContent.tsx').then((module) => ({ default: module.ChangelogContent })),
);

/** Spec §2 route /changelog: what changed in each release (the repository's CHANGELOG.md). */
export default function ChangelogPage() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      }
    >
      <ChangelogContent />
    </Suspense>
  );
}
