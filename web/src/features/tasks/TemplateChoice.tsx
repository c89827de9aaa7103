import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useTemplateChoices } from './api/config-template-choices.ts';

/**
 * Configure devices, step 2: start from a saved template (Saved configurations). Every device
 * gets its settings, under the ones ticked below (which win); a template of one model family is
 * refused for devices of another, said here.
 */
export function TemplateChoice({
  value,
  problem,
  onChange,
}: {
  value: string;
  problem: string | undefined;
  onChange: (templateId: string) => void;
}) {
  const { t } = useTranslation();
  const templates = useTemplateChoices();
  const chosen = templates.data?.find((template) => String(template.id) === value);
  if (templates.isSuccess && templates.data.length === 0 && !value) return null;
  return (
    <Stack spacing={1} sx={{ pt: 1, pb: 1 }}>
      <TextField
        select
        size="small"
        label={t('tasks.configure.template.label')}
        value={templates.isSuccess ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        error={problem !== undefined}
        helperText={problem ?? t('tasks.configure.template.hint')}
        sx={{ maxWidth: 480 }}
        slotProps={{ htmlInput: { 'data-testid': 'configure-template' } }}
      >
        <MenuItem value="">{t('tasks.configure.template.none')}</MenuItem>
        {(templates.data ?? []).map((template) => (
          <MenuItem key={template.id} value={String(template.id)}>
            {template.family
              ? t('tasks.configure.template.optionFamily', { name: template.name, family: template.family })
              : template.name}
          </MenuItem>
        ))}
      </TextField>
      {chosen && (
        <Typography variant="body2" color="text.secondary" data-testid="configure-template-sections">
          {t('tasks.configure.template.sections', {
            count: Object.values(chosen.sections).reduce(
              (sum, section) => sum + Object.keys(section).length,
              0,
            ),
            company: chosen.company_name,
          })}
        </Typography>
      )}
      {templates.isError && <Alert severity="warning">{t('tasks.configure.template.unreadable')}</Alert>}
    </Stack>
  );
}
