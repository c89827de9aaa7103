import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../ui/BottomSheet.tsx';

/** One field of a row: its column's header and its cell as the grid draws it (`cellOf`). */
export interface RowField {
  field: string;
  header: string;
  value: ReactNode;
}

export interface RowDetailProps {
  /** The row's name (the sheet's heading). */
  title: string;
  /** The row's fields the phone layout does not show, in the grid's order. */
  fields: readonly RowField[];
  onClose: () => void;
}

const LIST_SX = {
  m: 0,
  px: 2,
  pb: 3,
  display: 'grid',
  gridTemplateColumns: 'minmax(96px, max-content) 1fr',
  columnGap: 2,
  rowGap: 1,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere', display: 'flex', alignItems: 'center', gap: 0.5 },
} as const;

/**
 * A row's detail on a phone (issue 28): a bottom sheet with every field the grid does not show,
 * "header: value", each value the grid's own cell (links and labels work as in the grid). Row
 * data is text: React escapes it.
 */
export function RowDetail({ title, fields, onClose }: RowDetailProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <BottomSheet labelledBy={headingId} onClose={onClose} testId="grid-row-detail">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography
          id={headingId}
          variant="subtitle1"
          component="h2"
          sx={{ flex: 1, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        <IconButton aria-label={t('grid.closeDetails')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="dl" sx={LIST_SX}>
        {fields.map(({ field, header, value }) => (
          <Fragment key={field}>
            <dt>{header}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </Box>
    </BottomSheet>
  );
}
