import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import type { FieldProps } from './field-props.ts';
import { OptionLabel } from './OptionLabel.tsx';

/** A radio group; the chosen option's own value (number or text) is kept, not the DOM's text. */
export function RadioField({ field, value, onChange, onBlur, error, inputRef }: FieldProps) {
  const labelId = useId();
  const options = (field.component === undefined ? field.options : undefined) ?? [];
  const helper = error ?? field.hint;
  return (
    <FormControl error={Boolean(error)} required={field.required} disabled={field.disabled}>
      {field.label && <FormLabel id={labelId}>{field.label}</FormLabel>}
      <RadioGroup
        name={field.key}
        aria-labelledby={field.label ? labelId : undefined}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(_event, chosen) =>
          onChange(options.find((option) => String(option.value) === chosen)?.value ?? chosen)
        }
        onBlur={onBlur}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={String(option.value)}
            value={String(option.value)}
            disabled={option.disabled}
            control={<Radio slotProps={index === 0 ? { input: { ref: inputRef } } : {}} />}
            label={<OptionLabel option={option} block={field.optionDescriptionBlock} />}
          />
        ))}
      </RadioGroup>
      {helper && <FormHelperText>{helper}</FormHelperText>}
    </FormControl>
  );
}
