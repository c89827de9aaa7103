import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { HTMLAttributes, Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldOption, ItemSelectField as ItemSelectSchema, OptionValue } from '../field-schema.ts';
import { useFieldOptions } from '../option-source.ts';
import type { FieldProps } from './field-props.ts';
import { OptionLabel } from './OptionLabel.tsx';

const sameOption = (option: FieldOption, other: FieldOption) => option.value === other.value;

/**
 * ItemSelect (spec §3): one choice, or several with `multiple`, from static options or from an
 * option list loaded from the API (spec §7 "Option lists"). The form keeps the option values.
 */
export function ItemSelectField(props: FieldProps<ItemSelectSchema>) {
  const { field, value, onChange, onBlur, error, values, inputRef } = props;
  const { t } = useTranslation();
  const { options, loading, failed } = useFieldOptions(field, values);
  const helper = error ?? (failed ? t('forms.itemSelect.loadFailed') : field.hint);

  const renderInput = (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      name={field.key}
      label={field.label}
      required={field.required}
      placeholder={field.placeholder}
      error={Boolean(error) || failed}
      helperText={helper}
      inputRef={inputRef}
    />
  );
  const common = {
    options,
    loading,
    disabled: field.disabled,
    onBlur,
    getOptionLabel: (option: FieldOption) => option.label,
    getOptionDisabled: (option: FieldOption) => Boolean(option.disabled),
    isOptionEqualToValue: sameOption,
    noOptionsText: t('forms.itemSelect.noOptions'),
    loadingText: t('common.loading'),
    renderInput,
    renderOption: (
      { key, ...attributes }: HTMLAttributes<HTMLLIElement> & { key: Key },
      option: FieldOption,
    ) => (
      <li key={key} {...attributes}>
        <OptionLabel option={option} block={field.optionDescriptionBlock} />
      </li>
    ),
  };

  if (field.multiple) {
    const chosen = Array.isArray(value) ? (value as OptionValue[]) : [];
    return (
      <Autocomplete
        {...common}
        multiple
        value={options.filter((option) => chosen.includes(option.value))}
        onChange={(_event, next) => onChange(next.map((option) => option.value))}
      />
    );
  }
  return (
    <Autocomplete
      {...common}
      value={options.find((option) => option.value === value) ?? null}
      onChange={(_event, next) => onChange(next?.value ?? null)}
    />
  );
}
