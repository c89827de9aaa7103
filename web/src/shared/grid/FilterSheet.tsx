import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../ui/BottomSheet.tsx';

/**
 * A list page's own filters on a phone (issue 28): one Filters (n) button, and behind it a sheet
 * from the bottom, one field a line; a choice applies at once (the page keeps it in its address),
 * Done closes. Loaded on phones only (ListToolbar's `fields`).
 */
export function PhoneFilters({ fields, active }: { fields: ReactNode; active: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="list-filters"
      >
        {active > 0 ? t('grid.filtersCount', { count: active }) : t('grid.filters')}
      </Button>
      {open && <FilterSheet onClose={() => setOpen(false)}>{fields}</FilterSheet>}
    </>
  );
}

function FilterSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <BottomSheet labelledBy={headingId} onClose={onClose} testId="list-filter-sheet">
      <Box role="search" aria-labelledby={headingId} sx={{ p: 2 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {t('grid.filters')}
        </Typography>
        <Stack spacing={2} sx={{ '& > *': { width: '100%' } }}>
          {children}
        </Stack>
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={onClose} data-testid="list-filters-done">
            {t('grid.done')}
          </Button>
        </Stack>
      </Box>
    </BottomSheet>
  );
}
