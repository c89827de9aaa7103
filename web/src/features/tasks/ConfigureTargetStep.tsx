import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type TargetFilter, useCompanyChoices, useTargetCount } from './api/configure-devices.ts';
import { useTagChoices } from './api/firmware-update.ts';
import type { ConfigureValues, Target } from './configure-request.ts';

/** The filter a tag or company target makes, once chosen. */
export function targetFilter(values: ConfigureValues): TargetFilter | undefined {
  if (values.target === 'tag' && values.tagId) return { tag_id: Number(values.tagId) };
  if (values.target === 'company' && values.companyId) return { company_id: Number(values.companyId) };
  return undefined;
}

/** Step 1, the devices: those chosen in the devices list, every device with a tag, or of a company; and how many. */
export function ConfigureTargetStep({
  values,
  ids,
  problem,
  onChange,
}: {
  values: ConfigureValues;
  ids: readonly number[];
  problem: string | undefined;
  onChange: (patch: Partial<ConfigureValues>) => void;
}) {
  const { t } = useTranslation();
  const tags = useTagChoices();
  const companies = useCompanyChoices();
  const filter = targetFilter(values);
  const count = useTargetCount(values.target === 'chosen' ? undefined : filter);
  const how = values.target === 'chosen' ? ids.length : count.data;
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        select
        label={t('tasks.configure.target')}
        value={values.target}
        onChange={(event) => onChange({ target: event.target.value as Target })}
        error={problem !== undefined}
        helperText={problem}
        slotProps={{ htmlInput: { 'data-testid': 'configure-target' } }}
      >
        {ids.length > 0 && (
          <MenuItem value="chosen">{t('tasks.configure.chosen', { count: ids.length })}</MenuItem>
        )}
        <MenuItem value="tag">{t('tasks.configure.byTag')}</MenuItem>
        <MenuItem value="company">{t('tasks.configure.byCompany')}</MenuItem>
      </TextField>
      {values.target === 'tag' && (
        <TextField
          select
          label={t('tasks.configure.tag')}
          value={values.tagId}
          onChange={(event) => onChange({ tagId: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'configure-tag' } }}
        >
          {(tags.data ?? []).map((tag) => (
            <MenuItem key={tag.id} value={String(tag.id)}>
              {tag.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {values.target === 'company' && (
        <TextField
          select
          label={t('tasks.configure.company')}
          value={values.companyId}
          onChange={(event) => onChange({ companyId: event.target.value })}
          helperText={t('tasks.configure.companyHint')}
          slotProps={{ htmlInput: { 'data-testid': 'configure-company' } }}
        >
          {(companies.data ?? []).map((company) => (
            <MenuItem key={company.id} value={String(company.id)}>
              {company.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {how !== undefined && (
        <Typography color="text.secondary" data-testid="configure-count" aria-live="polite">
          {t('tasks.configure.count', { count: how })}
        </Typography>
      )}
    </Stack>
  );
}
