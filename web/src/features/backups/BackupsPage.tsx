import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { BackupsList } from './BackupsList.tsx';

// Periodic backup rules (issue 22): the second view, its own chunk, fetched when opened.
const RulesView = lazy(() =>
  import('./rules/RulesView.tsx').then((module) => ({ default: module.RulesView })),
);

/** The views of the page, by `?view=`: the backups (none: the first), the periodic rules. */
type View = 'backups' | 'rules';
const RULES_VIEW: View = 'rules';

/**
 * /management/upload-backup (issue 22 "Upload backup", "Periodic backup rules"): tabs driven by
 * the address (`?view=`, like the Task manager's `?view=lists`), so each view can be shared and
 * Back returns to the other. A tab change starts its view afresh (its own search, sort and page).
 */
export default function BackupsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const view: View = search.get('view') === RULES_VIEW ? RULES_VIEW : 'backups';
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={view}
          onChange={(_event, next: View) => setSearch(next === 'backups' ? {} : { view: next })}
          aria-label={t('files.backups.tabs')}
        >
          <Tab value="backups" label={t('files.backups.tab')} data-testid="backups-tab" />
          <Tab value={RULES_VIEW} label={t('files.backupRules.tab')} data-testid="backup-rules-tab" />
        </Tabs>
      </Box>
      {view === 'backups' && <BackupsList />}
      {view === RULES_VIEW && (
        <Suspense fallback={<PageLoading />}>
          <RulesView />
        </Suspense>
      )}
    </>
  );
}
