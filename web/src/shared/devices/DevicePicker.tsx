import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceChoices } from './search-devices.ts';

/** A device as a picker shows it: its name, and its serial when known. */
export interface PickedDevice {
  id: number;
  name: string;
  serial?: string | undefined;
}

/**
 * One device among the user's, searched as the user types (by name, serial, model …; GET
 * /devices?q=, the first 20): the restore dialog's target, a backup rule's device, the device
 * whose configuration to open. The device's name is its own text: shown as text.
 */
export function DevicePicker({
  value,
  onChange,
  label,
  error,
  hint,
  required = false,
  size,
  testId,
}: {
  value: PickedDevice | undefined;
  onChange: (device: PickedDevice | undefined) => void;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  size?: 'small' | 'medium';
  testId: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const choices = useDeviceChoices(search.trim(), true);
  const options: PickedDevice[] = choices.data ?? [];
  return (
    <Autocomplete<PickedDevice>
      size={size}
      value={value ?? null}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      loading={choices.isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(device) => (device.serial ? `${device.name} (${device.serial})` : device.name)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, next) => onChange(next ?? undefined)}
      onInputChange={(_event, next, reason) => reason === 'input' && setTyped(next)}
      noOptionsText={t('common.noDevice')}
      loadingText={t('common.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          required={required}
          label={label}
          error={Boolean(error)}
          helperText={error ?? hint}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
