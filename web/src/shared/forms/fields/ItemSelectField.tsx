import AddIcon from '@mui/icons-material/Add';
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { HTMLAttributes, Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldOption, ItemSelectField as ItemSelectSchema, OptionValue } from '../field-schema.ts';
import { useFieldOptions } from '../option-source.ts';
import type { FieldProps } from './field-props.ts';
import { OptionLabel } from './OptionLabel.tsx';
import { isCreateChoice, useOptionCreation } from './option-creation.ts';

const sameOption = (option: FieldOption, other: FieldOption) => option.value === other.value;

/**
 * ItemSelect (spec §3): one choice, or several with `multiple`, from static options or from an
 * option list loaded from the API (spec §7 "Option lists"); with `create`, also a new item made
 * from what was typed. The form keeps the option values.
 */
export function ItemSelectField(props: FieldProps<ItemSelectSchema>) {
  const { field, value, onChange, onBlur, error, values, inputRef } = props;
  const { t } = useTranslation();
  const list = useFieldOptions(field, values);
  const { loading, failed } = list;
  const { options, filterOptions, create } = useOptionCreation(field, list.options, value, onChange);
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
    ...(filterOptions ? { filterOptions } : {}),
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
        {isCreateChoice(option) ? (
          <>
            <AddIcon fontSize="small" sx={{ mr: 1 }} />
            {option.label}
          </>
        ) : (
          <OptionLabel option={option} block={field.optionDescriptionBlock} />
        )}
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
        onChange={(_event, next) => {
          const choice = next.find(isCreateChoice);
          if (choice) void create(choice.typed);
          else onChange(next.map((option) => option.value));
        }}
      />
    );
  }
  return (
    <Autocomplete
      {...common}
      value={options.find((option) => option.value === value) ?? null}
      onChange={(_event, next) => {
        if (next && isCreateChoice(next)) void create(next.typed);
        else onChange(next?.value ?? null);
      }}
    />
  );
}
