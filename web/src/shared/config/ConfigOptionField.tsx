import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ConfigField } from './config-form.ts';
import { choiceLabel, type Kind, optionLabel } from './config-sections.ts';

/** Units beside a number, where the label does not say them. */
const UNITS: Readonly<Record<string, 'kb' | 'hours' | 'minutes'>> = {
  'system.log_size': 'kb',
  'dhcp.lan.leasetime_h': 'hours',
  'monitoring.interval_min': 'minutes',
  'ddns.check_interval': 'minutes',
};

/**
 * One option of a configuration section as a field of its kind (issue 22): a switch, a list of
 * the contract's choices, a number with its unit, text, or a password field for a secret. The
 * device page's section dialog and Configure devices both show their options with it.
 */
export function ConfigOptionField({
  field,
  kind,
  value,
  problem,
  hint,
  testId = `config-field-${field.option}`,
  onChange,
}: {
  field: ConfigField;
  kind: Kind;
  value: string | boolean | undefined;
  problem: string | undefined;
  /** Words under the field when it has no problem (a secret's: empty keeps the device's). */
  hint?: string;
  testId?: string;
  onChange: (next: string | boolean) => void;
}) {
  const { t } = useTranslation();
  const label = optionLabel(t, kind, field.option);
  if (field.kind === 'switch') {
    // 'Turned on' is shown for `disabled`: the switch is on when it is false.
    const inverted = kind === 'wireless.ap' && field.option === 'disabled';
    const checked = inverted ? value !== true : value === true;
    return (
      <Box>
        <FormControlLabel
          label={label}
          control={
            <Switch
              checked={checked}
              onChange={(event) => onChange(inverted ? !event.target.checked : event.target.checked)}
              slotProps={{ input: { 'data-testid': testId } as object }}
            />
          }
        />
        {problem && <FormHelperText error>{problem}</FormHelperText>}
      </Box>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const common = {
    size: 'small' as const,
    fullWidth: true,
    label,
    value: text,
    error: problem !== undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  if (field.kind === 'select') {
    // A value the device has that the contract does not offer stays choosable (and is refused if sent).
    const choices = text !== '' && !field.choices.includes(text) ? [...field.choices, text] : field.choices;
    return (
      <TextField
        {...common}
        select
        helperText={problem ?? hint}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      >
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {choiceLabel(t, kind, field.option, choice)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const unit = UNITS[`${kind}.${field.option}`];
  return (
    <TextField
      {...common}
      type={field.kind === 'secret' ? 'password' : field.kind === 'number' ? 'number' : 'text'}
      helperText={problem ?? hint}
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          maxLength: field.maxLength,
          autoComplete: field.kind === 'secret' ? 'new-password' : 'off',
          spellCheck: false,
          ...(field.kind === 'number' ? { inputMode: 'numeric' } : {}),
        },
        input: unit
          ? {
              endAdornment: (
                <InputAdornment position="end">{t(`device.config.edit.units.${unit}`)}</InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
