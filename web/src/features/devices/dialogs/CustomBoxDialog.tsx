import type { CustomBox } from '@fleetport/contracts/device-schemas';
import { CUSTOM_BOX_LIMITS } from '@fleetport/contracts/devices';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { useUpdateCustomBox } from '../api/update-custom-box.ts';

const CUSTOM_BOX = 'device-custom-box';

type Device = { id: number; name: string };

/** Spec §2 "Device custom box": a title and up to 20 labelled values kept about the device. */
function CustomBoxBody({ device, custom }: { device: Device; custom: CustomBox | null }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const updateCustomBox = useUpdateCustomBox(device.id);
  const [title, setTitle] = useState(custom?.title ?? '');
  const [fields, setFields] = useState(custom?.fields.length ? custom.fields : [{ label: '', value: '' }]);
  const [error, setError] = useState<string>();
  const save = async (next: CustomBox | null) => {
    setError(undefined);
    try {
      await updateCustomBox.mutateAsync(next);
      close();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const setField = (index: number, patch: Partial<CustomBox['fields'][number]>) =>
    setFields((list) => list.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  return (
    <Stack spacing={2} sx={{ minWidth: { sm: 520 } }}>
      <TextField
        size="small"
        label={t('device.custom.boxTitle')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        slotProps={{ htmlInput: { maxLength: CUSTOM_BOX_LIMITS.title, 'data-testid': 'custom-title' } }}
      />
      {fields.map((field, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity but their place
        <Stack key={index} direction="row" spacing={1}>
          <TextField
            size="small"
            label={t('device.custom.label')}
            value={field.label}
            onChange={(event) => setField(index, { label: event.target.value })}
            slotProps={{
              htmlInput: { maxLength: CUSTOM_BOX_LIMITS.label, 'data-testid': `custom-label-${index}` },
            }}
            sx={{ width: 180 }}
          />
          <TextField
            size="small"
            fullWidth
            label={t('device.custom.value')}
            value={field.value}
            onChange={(event) => setField(index, { value: event.target.value })}
            slotProps={{
              htmlInput: { maxLength: CUSTOM_BOX_LIMITS.value, 'data-testid': `custom-value-${index}` },
            }}
          />
          <Button
            onClick={() => setFields((list) => list.filter((_field, at) => at !== index))}
            aria-label={t('device.custom.remove')}
          >
            ✕
          </Button>
        </Stack>
      ))}
      <Button
        onClick={() => setFields((list) => [...list, { label: '', value: '' }])}
        disabled={fields.length >= CUSTOM_BOX_LIMITS.lines}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('device.custom.addLine')}
      </Button>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {custom && (
          <Button color="error" onClick={() => void save(null)} sx={{ mr: 'auto' }}>
            {t('device.custom.clear')}
          </Button>
        )}
        <Button onClick={close}>{t('devices.cancel')}</Button>
        <Button
          variant="contained"
          data-testid="custom-save"
          onClick={() =>
            void save({
              title: title.trim(),
              fields: fields.filter((field) => field.label.trim() !== '' || field.value.trim() !== ''),
            })
          }
        >
          {t('devices.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(CUSTOM_BOX, CustomBoxBody);

export function openCustomBox(device: Device & { custom: CustomBox | null }): void {
  openModal({
    id: CUSTOM_BOX,
    title: i18next.t('device.custom.title'),
    subtitle: device.name,
    component: CUSTOM_BOX,
    props: { device: { id: device.id, name: device.name }, custom: device.custom },
  });
}
