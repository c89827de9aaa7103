import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { registerModal } from '../modals/registry.ts';
import { openModal } from '../modals/store.ts';
import { HistoryDetails } from './HistoryDetails.tsx';

const HISTORY_DETAILS = 'history-details';

/** The details of one audit entry: its sentence, then what it recorded, before and after. */
function HistoryDetailsBody({
  sentence,
  before,
  after,
}: {
  sentence: string;
  before?: unknown;
  after?: unknown;
}) {
  return (
    <>
      <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {sentence}
      </Typography>
      <HistoryDetails entry={{ before, after }} />
    </>
  );
}
registerModal(HISTORY_DETAILS, HistoryDetailsBody);

/** Opens an entry's details (one at a time: a second replaces the first). */
export function openHistoryDetails(sentence: string, entry: { before?: unknown; after?: unknown }): void {
  openModal({
    id: HISTORY_DETAILS,
    title: i18next.t('history.details.title'),
    component: HISTORY_DETAILS,
    props: { sentence, before: entry.before, after: entry.after },
    minimizeDisable: true,
  });
}
