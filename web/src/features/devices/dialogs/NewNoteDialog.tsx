import { NOTE_MAX_LENGTH } from '@fleetport/contracts/devices';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import i18next from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { useCreateNote } from '../api/create-note.ts';

const NEW_NOTE = 'device-new-note';

type Device = { id: number; name: string };

/** Spec §2 "New note": a note on the device, shown in its activity with its author. */
function NewNoteBody({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const createNote = useCreateNote(device.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await createNote.mutateAsync(text);
      close();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => void submit(event)}
      sx={{ minWidth: { sm: 480 } }}
    >
      <TextField
        label={t('device.notes.text')}
        multiline
        minRows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH, 'data-testid': 'note-text' } }}
        helperText={`${text.length} / ${NOTE_MAX_LENGTH}`}
      />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t('devices.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || text.trim() === ''}
          data-testid="note-save"
        >
          {t('devices.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(NEW_NOTE, NewNoteBody);

export function openNewNote(device: Device): void {
  openModal({
    id: NEW_NOTE,
    title: i18next.t('device.notes.new'),
    subtitle: device.name,
    component: NEW_NOTE,
    props: { device },
  });
}
