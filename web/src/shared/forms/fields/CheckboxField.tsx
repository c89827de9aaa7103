import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import type { FieldOption } from '../field-schema.ts';
import type { FieldProps } from './field-props.ts';
import { OptionLabel } from './OptionLabel.tsx';

/** Options by their `group`, groups in the order they first appear (one unnamed group without). */
export function groupsOf(options: readonly FieldOption[]) {
  const groups: { group: string | undefined; items: { option: FieldOption; index: number }[] }[] = [];
  options.forEach((option, index) => {
    let entry = groups.find((candidate) => candidate.group === option.group);
    if (!entry) {
      entry = { group: option.group, items: [] };
      groups.push(entry);
    }
    entry.items.push({ option, index });
  });
  return groups;
}

/** A single checkbox (true/false), or a group of checkboxes when the field has options (a list). */
export function CheckboxField({ field, value, onChange, onBlur, error, inputRef }: FieldProps) {
  const options = field.component === undefined ? field.options : undefined;
  const helper = error ?? field.hint;
  if (!options) {
    return (
      <FormControl error={Boolean(error)} required={field.required} disabled={field.disabled}>
        <FormControlLabel
          label={field.label}
          control={
            <Checkbox
              name={field.key}
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              onBlur={onBlur}
              slotProps={{ input: { ref: inputRef } }}
            />
          }
        />
        {helper && <FormHelperText>{helper}</FormHelperText>}
      </FormControl>
    );
  }
  const chosen = Array.isArray(value) ? value : [];
  const toggle = (optionValue: unknown, checked: boolean) =>
    onChange(checked ? [...chosen, optionValue] : chosen.filter((item) => item !== optionValue));
  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      required={field.required}
      disabled={field.disabled}
    >
      {field.label && <FormLabel component="legend">{field.label}</FormLabel>}
      {groupsOf(options).map(({ group, items }) => (
        <FormGroup key={group ?? ''} role={group ? 'group' : undefined} aria-label={group}>
          {group && (
            <Typography variant="overline" component="div" color="text.secondary" sx={{ mt: 1 }}>
              {group}
            </Typography>
          )}
          {items.map(({ option, index }) => (
            <FormControlLabel
              key={String(option.value)}
              disabled={option.disabled}
              label={<OptionLabel option={option} block={field.optionDescriptionBlock} />}
              control={
                <Checkbox
                  name={field.key}
                  checked={chosen.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                  onBlur={onBlur}
                  slotProps={index === 0 ? { input: { ref: inputRef } } : {}}
                />
              }
            />
          ))}
        </FormGroup>
      ))}
      {helper && <FormHelperText>{helper}</FormHelperText>}
    </FormControl>
  );
}
