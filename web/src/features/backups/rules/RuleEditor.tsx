import {
  BACKUP_RULE_FREQUENCIES,
  BACKUP_RULE_LIMITS,
  BACKUP_RULE_TARGET_KINDS,
  type BackupRule,
} from '@fleetport/contracts/backup-rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpCancelled, withStepUp } from '../../../shared/api/step-up.ts';
import { DevicePicker, type PickedDevice } from '../../../shared/devices/DevicePicker.tsx';
import { FORM_RUNTIME } from '../../../shared/forms/form-runtime.ts';
import { optionListQuery } from '../../../shared/forms/option-source.ts';
import { useSignedInUser } from '../../../shared/lib/auth.ts';
import { ensureArea } from '../../../shared/lib/i18n.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { createBackupRule } from './api/create-backup-rule.ts';
import { BACKUP_RULES_KEY } from './api/list-backup-rules.ts';
import { updateBackupRule } from './api/update-backup-rule.ts';
import {
  checkedRequest,
  draftOf,
  draftProblems,
  NO_PROBLEMS,
  type Problems,
  type RuleDraft,
  serverProblems,
} from './rule-form.ts';
import { weekdayName } from './rule-words.ts';

// The contract's problems are said in the form engine's words (forms.validation.*).
await ensureArea('forms');

/** The option lists the pickers read (one cache with the form engine's pickers). */
const COMPANIES = { url: '/companies', fields: ['id', 'name'] } as const;
const TAGS = { url: '/tags', fields: ['id', 'name', 'company_name'] } as const;

type Option = { value: string; label: string };
const asOptions = (
  items: readonly Record<string, unknown>[] | undefined,
  label: (item: Record<string, unknown>) => string,
) => (items ?? []).map((item) => ({ value: String(item.id), label: label(item) }));

/**
 * New backup rule and Edit backup rule (issue 22 "Periodic backup rules"): a name, the company it
 * belongs to (asked only of users who see several; a rule stays in its company), what it backs up
 * (a device, a tag or a company's own devices), how often and when (in the company's time zone),
 * how many of its backups of each device it keeps, and whether it is on. Checked against the
 * API's own schema before it is sent; the API's refusals show on the field they name.
 */
export function RuleEditor({ rule }: { rule?: BackupRule | undefined }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const { close } = useModalControls();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule, user.company_id));
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  // The device a rule backs up, by name (the rule names it; a new pick brings its serial).
  const [picked, setPicked] = useState<PickedDevice | undefined>(() =>
    rule && 'device_id' in rule.target && rule.target_name !== null
      ? { id: rule.target.device_id, name: rule.target_name }
      : undefined,
  );
  const companies = asOptions(useQuery(optionListQuery(COMPANIES, { sort: 'name' })).data, (item) =>
    String(item.name),
  );
  const tags = asOptions(useQuery(optionListQuery(TAGS, { sort: 'name' })).data, (item) =>
    companies.length > 1 ? `${String(item.name)} (${String(item.company_name)})` : String(item.name),
  );
  const fields = problems.fields;

  const set = (change: Partial<RuleDraft>, ...touched: string[]) => {
    setDraft((before) => ({ ...before, ...change }));
    setProblems((before) => ({
      general: before.general,
      fields: Object.fromEntries(Object.entries(before.fields).filter(([key]) => !touched.includes(key))),
    }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblems(t, draft);
    const body = checkedRequest(draft);
    if (!body || Object.keys(found.fields).length > 0) {
      setProblems(found);
      return;
    }
    setBusy(true);
    setProblems(NO_PROBLEMS);
    try {
      const saved = await withStepUp(
        (extra) => (rule ? updateBackupRule(rule.id, body, extra) : createBackupRule(body, extra)),
        FORM_RUNTIME.prompts,
      );
      toast(t(rule ? 'files.backupRules.saved' : 'files.backupRules.created', { name: saved.name }), {
        type: 'success',
      });
      close();
      await queryClient.invalidateQueries({ queryKey: BACKUP_RULES_KEY });
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) setProblems(serverProblems(t, error));
    } finally {
      setBusy(false);
    }
  };

  const select = (
    key: string,
    label: string,
    value: string,
    options: readonly Option[],
    onChange: (value: string) => void,
    extra: { disabled?: boolean; hint?: string } = {},
  ) => (
    <TextField
      select
      required
      label={label}
      value={options.some((option) => option.value === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={extra.disabled ?? false}
      error={Boolean(fields[key])}
      helperText={fields[key] ?? extra.hint}
      slotProps={{ htmlInput: { 'data-testid': `backup-rule-${key.replace('_', '-')}` } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  const targetField =
    draft.targetKind === 'device' ? (
      <DevicePicker
        required
        value={picked}
        onChange={(device) => {
          setPicked(device);
          set({ targetId: device ? String(device.id) : '' }, 'target');
        }}
        label={t('files.backupRules.fields.device')}
        error={fields.target}
        hint={t('files.backupRules.fields.deviceHint')}
        testId="backup-rule-device"
      />
    ) : (
      select(
        'target',
        t(`files.backupRules.fields.${draft.targetKind}`),
        draft.targetId,
        draft.targetKind === 'tag' ? tags : companies,
        (id) => set({ targetId: id }, 'target'),
        draft.targetKind === 'company' ? { hint: t('files.backupRules.fields.companyHint') } : {},
      )
    );

  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      sx={{ minWidth: { sm: 480 } }}
      data-testid="backup-rule-editor"
    >
      <Stack spacing={2}>
        {problems.general.length > 0 && (
          <Alert severity="error" data-testid="backup-rule-errors">
            {problems.general.map((message) => (
              <Box key={message}>{message}</Box>
            ))}
          </Alert>
        )}
        <TextField
          required
          label={t('files.backupRules.fields.name')}
          value={draft.name}
          onChange={(event) => set({ name: event.target.value }, 'name')}
          error={Boolean(fields.name)}
          helperText={fields.name}
          slotProps={{
            htmlInput: { maxLength: BACKUP_RULE_LIMITS.nameMax, 'data-testid': 'backup-rule-name' },
          }}
        />
        {(companies.length > 1 || fields.company_id) &&
          select(
            'company_id',
            t('files.backupRules.fields.owner'),
            String(draft.companyId),
            companies,
            (id) => set({ companyId: Number(id) }, 'company_id'),
            // A saved rule stays in its company (the API keeps it there).
            rule ? { disabled: true, hint: t('files.backupRules.fields.ownerFixed') } : {},
          )}
        {select(
          'target_kind',
          t('files.backupRules.fields.targetKind'),
          draft.targetKind,
          BACKUP_RULE_TARGET_KINDS.map((kind) => ({
            value: kind,
            label: t(`files.backupRules.kinds.${kind}`),
          })),
          (kind) => set({ targetKind: kind as RuleDraft['targetKind'], targetId: '' }, 'target'),
        )}
        {targetField}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {select(
            'frequency',
            t('files.backupRules.fields.frequency'),
            draft.frequency,
            BACKUP_RULE_FREQUENCIES.map((frequency) => ({
              value: frequency,
              label: t(`files.backupRules.frequencies.${frequency}`),
            })),
            (frequency) =>
              set({ frequency: frequency as RuleDraft['frequency'] }, 'frequency', 'weekday', 'day_of_month'),
          )}
          {draft.frequency === 'weekly' &&
            select(
              'weekday',
              t('files.backupRules.fields.weekday'),
              draft.weekday,
              // Monday first, as a week is read.
              [1, 2, 3, 4, 5, 6, 0].map((day) => ({
                value: String(day),
                label: weekdayName(i18n.language, day),
              })),
              (weekday) => set({ weekday }, 'weekday'),
            )}
          {draft.frequency === 'monthly' &&
            select(
              'day_of_month',
              t('files.backupRules.fields.dayOfMonth'),
              draft.dayOfMonth,
              Array.from({ length: BACKUP_RULE_LIMITS.dayOfMonth.max }, (_, index) => ({
                value: String(index + 1),
                label: String(index + 1),
              })),
              (day) => set({ dayOfMonth: day }, 'day_of_month'),
              { hint: t('files.backupRules.fields.dayOfMonthHint') },
            )}
          <TextField
            required
            label={t('files.backupRules.fields.time')}
            value={draft.time}
            onChange={(event) => set({ time: event.target.value }, 'time')}
            error={Boolean(fields.time)}
            helperText={fields.time ?? t('files.backupRules.fields.timeHint')}
            slotProps={{
              htmlInput: { maxLength: 5, inputMode: 'numeric', 'data-testid': 'backup-rule-time' },
            }}
          />
        </Stack>
        <TextField
          required
          type="number"
          label={t('files.backupRules.fields.keep')}
          value={draft.keep}
          onChange={(event) => set({ keep: event.target.value }, 'keep')}
          error={Boolean(fields.keep)}
          helperText={
            fields.keep ??
            t('files.backupRules.fields.keepHint', {
              min: BACKUP_RULE_LIMITS.keep.min,
              max: BACKUP_RULE_LIMITS.keep.max,
            })
          }
          slotProps={{
            htmlInput: {
              min: BACKUP_RULE_LIMITS.keep.min,
              max: BACKUP_RULE_LIMITS.keep.max,
              'data-testid': 'backup-rule-keep',
            },
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.enabled}
              onChange={(event) => set({ enabled: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'backup-rule-enabled' } as object }}
            />
          }
          label={t('files.backupRules.fields.enabled')}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>{t('files.backupRules.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="backup-rule-save">
            {rule ? t('files.backupRules.save') : t('files.backupRules.create')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
