import Box from '@mui/material/Box';

/**
 * A filter's label beside a native select, as tall as the toolbar's buttons: the browser's own
 * list (light, keyboard and screen reader friendly, a phone's picker), and none of MUI's menu
 * code in the page.
 */
const LABEL_SX = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 1,
  fontSize: '0.875rem',
  color: 'text.secondary',
  '& select, & input': {
    height: 36,
    minWidth: 150,
    px: 1,
    font: 'inherit',
    fontSize: '0.875rem',
    color: 'text.primary',
    bgcolor: 'background.paper',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
  },
  '& select:focus-visible, & input:focus-visible': {
    outline: 2,
    outlineColor: 'primary.main',
    outlineOffset: 1,
  },
} as const;

/** One of a list page's own filters (a state, a kind); the page keeps the choice in its address. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
  anyLabel,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
  /** The choice of no filter ('Any'). */
  anyLabel: string;
}) {
  const known = options.some((option) => option.value === value);
  return (
    <Box component="label" sx={LABEL_SX}>
      <span>{label}</span>
      <select
        value={known ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Box>
  );
}

/** A day a list page filters by (from, to): the browser's own date picker, beside its label. */
export function DayFilter({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <Box component="label" sx={LABEL_SX}>
      <span>{label}</span>
      <input
        type="date"
        value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </Box>
  );
}
