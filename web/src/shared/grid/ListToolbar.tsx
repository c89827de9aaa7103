import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../api/messages.ts';
import { api } from '../lib/api.ts';
import { ensureArea } from '../lib/i18n.ts';
import { toast } from '../toasts/toasts.tsx';
import type { CsvColumn } from './csv.ts';
import type { ListParams } from './grid-query.ts';

const PhoneFilters = lazy(() =>
  import('./FilterSheet.tsx').then((module) => ({ default: module.PhoneFilters })),
);

// The grids bring their own strings (the `grid` area of the catalogue).
await ensureArea('grid');

/** How long typing rests before the search asks the server. */
export const SEARCH_DELAY_MS = 300;

export interface ListExport<Row> {
  url: string;
  params: ListParams;
  columns: readonly CsvColumn<Row>[];
  fileName: string;
}

interface ListToolbarProps<Row> {
  /** The search field's label ('Search companies'). */
  searchLabel: string;
  onSearch: (text: string) => void;
  /** The list's search as it is (from the page's address): the field shows it, and follows when it changes. */
  search?: string | undefined;
  /** What the field says while empty, when more than its label ('Name, serial, MAC…'). */
  placeholder?: string | undefined;
  /** The rows under the current search, filters and sort, as CSV. */
  csv?: ListExport<Row>;
  /** The page's own filters (a Filters button and the active ones as chips), after the search. */
  filters?: ReactNode;
  /**
   * The page's own filter fields (a state, a kind, days): beside the search on a wide screen; on a
   * phone behind one Filters (n) button that opens them in a sheet (issue 28).
   */
  fields?: ReactNode;
  /** How many of `fields` are set: the phone's button counts them. */
  activeFields?: number;
  /** Drawn in the page heading's row, beside the title (the devices page: rows get the height). */
  inHeading?: boolean;
  /** The page's own actions (New company…), at the end. */
  children?: ReactNode;
}

/**
 * The search field, outlined as the console's other fields are. Drawn on InputBase, which the
 * shell already carries: OutlinedInput would add its own chunk to every list page's first load.
 */
const SEARCH_SX = (theme: Theme) => {
  const palette = (theme.vars ?? theme).palette;
  return {
    flex: '1 1 220px',
    maxWidth: 360,
    height: 40,
    px: 1.75,
    border: 1,
    borderColor: `rgba(${theme.vars?.palette.common.onBackgroundChannel ?? '0 0 0'} / 0.23)`,
    borderRadius: 1,
    '&:hover': { borderColor: palette.text.primary },
    '&.Mui-focused': {
      borderColor: palette.primary.main,
      boxShadow: `inset 0 0 0 1px ${palette.primary.main}`,
    },
  };
};

/** A list page's toolbar: the search (sent after a pause), CSV export and the page's actions. */
export function ListToolbar<Row>({
  searchLabel,
  onSearch,
  search,
  placeholder,
  csv,
  filters,
  fields,
  activeFields = 0,
  inHeading = false,
  children,
}: ListToolbarProps<Row>) {
  const { t } = useTranslation();
  const [text, setText] = useState(search ?? '');
  const [exporting, setExporting] = useState(false);
  // The page heading's row (PageHeading's `page-actions`), found before the first paint.
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (inHeading) setSlot(document.getElementById('page-actions'));
  }, [inHeading]);
  // The search changed elsewhere (Back, a link): the field shows it.
  useEffect(() => {
    if (search !== undefined) setText((now) => (now.trim() === search.trim() ? now : search));
  }, [search]);
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  const exportCsv = async () => {
    if (!csv) return;
    setExporting(true);
    try {
      // The export's code comes when first used (first-load budget).
      const { fetchAllRows, MAX_EXPORT_ROWS, saveCsv, toCsv } = await import('./csv.ts');
      const { rows, total } = await fetchAllRows<Row>(api, csv.url, csv.params);
      saveCsv(toCsv(csv.columns, rows), csv.fileName);
      if (total > rows.length) toast(t('grid.exportCut', { count: MAX_EXPORT_ROWS }), { type: 'warning' });
    } catch (error) {
      toast(messageOf(error), { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const toolbar = (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mb: inHeading ? 0 : 2, flex: inHeading ? 1 : undefined, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <InputBase
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder ?? searchLabel}
        slotProps={{
          input: { 'aria-label': searchLabel, maxLength: 200, ...{ 'data-testid': 'list-search' } },
        }}
        startAdornment={<SearchIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} aria-hidden />}
        sx={SEARCH_SX}
      />
      {filters}
      {fields && (
        <Box sx={PHONE_ONLY_SX}>
          <Suspense fallback={null}>
            <PhoneFilters fields={fields} active={activeFields} />
          </Suspense>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ ml: 'auto', flexWrap: 'wrap' }} useFlexGap>
        {csv && (
          <ToolbarButton
            label={t('grid.exportCsv')}
            icon={<DownloadIcon />}
            onClick={() => void exportCsv()}
            disabled={exporting}
            testId="list-export"
          />
        )}
        {fields && <Box sx={WIDE_ONLY_SX}>{fields}</Box>}
        {children}
      </Stack>
    </Stack>
  );
  return inHeading && slot ? createPortal(toolbar, slot) : toolbar;
}

/** A page's own filter fields: in the toolbar from a tablet's width up, behind a button on a phone. */
const WIDE_ONLY_SX = { display: { xs: 'none', sm: 'contents' } } as const;
const PHONE_ONLY_SX = { display: { xs: 'block', sm: 'none' } } as const;

/** A label shown from a tablet's width up; on a phone the button is its icon (and keeps its name). */
const LABEL_SX = { display: { xs: 'none', sm: 'inline' } } as const;
const ICON_ONLY_SX = {
  '@media (max-width: 599.95px)': { minWidth: 40, px: 1, '& .MuiButton-startIcon': { mx: 0 } },
} as const;

/** A toolbar action: its icon and label, and on a phone its icon alone (issue 28: a phone's first screen is rows). */
export function ToolbarButton({
  label,
  icon,
  onClick,
  testId,
  disabled,
  'aria-pressed': pressed,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
  'aria-pressed'?: boolean;
}) {
  return (
    <Button
      variant="outlined"
      startIcon={icon}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-pressed={pressed}
      data-testid={testId}
      sx={ICON_ONLY_SX}
    >
      <Box component="span" sx={LABEL_SX}>
        {label}
      </Box>
    </Button>
  );
}
