import TextField from '@mui/material/TextField';

/**
 * A list page's own filters (issue 28: one look for every list's filters): MUI's outlined field,
 * small, its label on its border, themed by the brand in light and dark, as the devices filters
 * are. The list inside is the browser's own (a phone's picker, keyboard and screen reader
 * friendly), as is the date picker.
 */
const FIELD_SX = { minWidth: 150 } as const;

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
    <TextField
      select
      size="small"
      label={label}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={FIELD_SX}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** A day a list page filters by (from, to): the browser's own date picker in an outlined field. */
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
    <TextField
      type="date"
      size="small"
      label={label}
      value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={FIELD_SX}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    />
  );
}
