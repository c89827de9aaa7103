import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TABLE_SX } from '../ui/readings.tsx';
import { detailRows } from './details.ts';

/** An audit entry's details as a table of labelled values: before and after, or what it recorded. */
export function HistoryDetails({ entry }: { entry: { before?: unknown; after?: unknown } }) {
  const { t, i18n } = useTranslation();
  const rows = detailRows(t, entry, i18n.language);
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="history-details">
        {t('history.details.none')}
      </Typography>
    );
  }
  const both = rows.some((row) => row.before !== undefined) && rows.some((row) => row.after !== undefined);
  return (
    <Box component="table" sx={TABLE_SX} data-testid="history-details">
      <thead>
        <tr>
          <th scope="col">{t('history.details.field')}</th>
          {both ? (
            <>
              <th scope="col">{t('history.details.before')}</th>
              <th scope="col">{t('history.details.after')}</th>
            </>
          ) : (
            <th scope="col">{t('history.details.value')}</th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            {both ? (
              <>
                <td>{row.before}</td>
                <td>{row.after}</td>
              </>
            ) : (
              <td>{row.after ?? row.before}</td>
            )}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
