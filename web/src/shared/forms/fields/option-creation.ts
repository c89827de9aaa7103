import { createFilterOptions } from '@mui/material/Autocomplete';
import type { FilterOptionsState } from '@mui/material/useAutocomplete';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { messageOf } from '../../api/messages.ts';
import { toast } from '../../toasts/toasts.tsx';
import type { FieldOption, ItemSelectField } from '../field-schema.ts';
import { optionListKey } from '../option-source.ts';

/** The last choice of a field with `create`: it makes a new item named `typed`. */
export interface CreateChoice extends FieldOption {
  typed: string;
}

export const isCreateChoice = (option: FieldOption): option is CreateChoice => 'typed' in option;

const matching = createFilterOptions<FieldOption>();
const sameName = (label: string, typed: string) =>
  label.localeCompare(typed, undefined, { sensitivity: 'accent' }) === 0;

/**
 * An ItemSelect's `create` (field-schema.ts `OptionCreator`): while the typed text names no
 * choice, the list ends with 'Create “…”'; choosing it runs the creator (a dialog on top), then
 * chooses the item made beside whatever is chosen by then. The item is shown at once, before
 * its list, reloaded, brings it.
 */
export function useOptionCreation(
  field: ItemSelectField,
  loaded: readonly FieldOption[],
  value: unknown,
  onChange: (value: unknown) => void,
) {
  const queryClient = useQueryClient();
  const [made, setMade] = useState<readonly FieldOption[]>([]);
  // The dialog may stay open a while: the item joins the choices of that moment.
  const latest = useRef(value);
  latest.current = value;
  const options = useMemo(
    () => [...loaded, ...made.filter((item) => !loaded.some((option) => option.value === item.value))],
    [loaded, made],
  );
  const creator = field.create;

  const filterOptions = (list: FieldOption[], state: FilterOptionsState<FieldOption>): FieldOption[] => {
    const shown = matching(list, state);
    const typed = state.inputValue.trim();
    if (!creator || !typed || list.some((option) => sameName(option.label, typed))) return shown;
    const choice: CreateChoice = { value: `\0create:${typed}`, label: creator.label(typed), typed };
    return [...shown, choice];
  };

  const create = async (typed: string) => {
    if (!creator) return;
    try {
      const item = await creator.create(typed);
      if (!item) return;
      setMade((list) => [...list, item]);
      if ('url' in field.options) {
        void queryClient.invalidateQueries({ queryKey: optionListKey(field.options.url) });
      }
      const chosen = latest.current;
      onChange(field.multiple ? [...(Array.isArray(chosen) ? chosen : []), item.value] : item.value);
    } catch (error) {
      toast(messageOf(error), { type: 'error' });
    }
  };

  return { options, filterOptions: creator ? filterOptions : undefined, create };
}
