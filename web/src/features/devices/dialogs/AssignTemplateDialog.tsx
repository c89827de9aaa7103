import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorItems, messageOf } from '../../../shared/api/messages.ts';
import { StepUpCancelled, withStepUp } from '../../../shared/api/step-up.ts';
import { FORM_RUNTIME } from '../../../shared/forms/form-runtime.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { assignTemplate } from '../api/assign-template.ts';
import { DEVICES_KEY } from '../api/list-devices.ts';
import { useTemplateChoices } from '../api/list-template-choices.ts';
import { unassignTemplate } from '../api/unassign-template.ts';

const ASSIGN_TEMPLATE = 'devices-assign-template';
/** The choice that takes the devices off any template. */
const NONE = 'none';

/** Where a refusal goes: on the template field (it names the device of another family) or above. */
export function refusalOf(error: unknown): { field?: string; general?: string } {
  const item = errorItems(error).find((one) => one.source === 'device_ids' || one.source === 'template_id');
  return item?.message ? { field: item.message } : { general: messageOf(error) };
}

/**
 * Assign template… (Saved configurations, Templates; issue 22) on the selected devices: they
 * follow the chosen template from now on and are marked drifted in the list while what they
 * report differs from it; 'No template' takes them off theirs. A device of another model family
 * is refused at the field, naming it; nothing is assigned. Applying the settings is another step
 * (the device page, or Configure devices).
 */
function AssignTemplateBody({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const queryClient = useQueryClient();
  const templates = useTemplateChoices();
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<{ field?: string; general?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === '') {
      setProblem({ field: t('forms.validation.required') });
      return;
    }
    setBusy(true);
    setProblem({});
    try {
      const template = templates.data?.find((one) => String(one.id) === chosen);
      const count = await withStepUp(
        () => (chosen === NONE ? unassignTemplate(ids) : assignTemplate(Number(chosen), ids)),
        FORM_RUNTIME.prompts,
      );
      toast(
        template
          ? t('device.templates.assign.done', { count, name: template.name })
          : t('device.templates.assign.removed', { count }),
        { type: 'success' },
      );
      close();
      await queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) setProblem(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  if (templates.isError) return <ErrorAlert>{messageOf(templates.error)}</ErrorAlert>;
  if (templates.isPending) return <PageLoading />;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void submit(event)}
      sx={{ minWidth: { sm: 440 } }}
    >
      {problem.general && <Alert severity="error">{problem.general}</Alert>}
      {templates.data.length === 0 && (
        <Typography color="text.secondary">
          {t('device.templates.assign.noTemplates', { page: t('route.device-configuration') })}
        </Typography>
      )}
      <TextField
        select
        required
        label={t('device.templates.assign.template')}
        value={chosen}
        onChange={(event) => {
          setChosen(event.target.value);
          setProblem({});
        }}
        error={problem.field !== undefined}
        helperText={problem.field ?? t('device.templates.assign.templateHint')}
        slotProps={{ htmlInput: { 'data-testid': 'assign-template-choice' } }}
      >
        {templates.data.map((template) => (
          <MenuItem key={template.id} value={String(template.id)}>
            {template.family
              ? t('device.templates.assign.option', { name: template.name, family: template.family })
              : template.name}
          </MenuItem>
        ))}
        <MenuItem value={NONE}>{t('device.templates.assign.none')}</MenuItem>
      </TextField>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t('forms.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy} data-testid="assign-template-submit">
          {t('device.templates.assign.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(ASSIGN_TEMPLATE, AssignTemplateBody);

/** Opens Assign template… for the selected devices. */
export function openAssignTemplate(ids: readonly number[]): void {
  openModal({
    id: ASSIGN_TEMPLATE,
    title: i18next.t('device.templates.assign.bulkTitle'),
    subtitle: i18next.t('devices.bulk.selected', { count: ids.length }),
    component: ASSIGN_TEMPLATE,
    props: { ids },
  });
}
