import { CONFIG_TEMPLATE_LIMITS, type ConfigTemplate } from '@fleetport/contracts/config-templates';
import { MODEL_FAMILIES, type ModelFamily } from '@fleetport/contracts/device-protocol';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpCancelled, withStepUp } from '../../shared/api/step-up.ts';
import { ConfigOptionField } from '../../shared/config/ConfigOptionField.tsx';
import { optionLabel, sectionKind, sectionTitle } from '../../shared/config/config-sections.ts';
import { FORM_RUNTIME } from '../../shared/forms/form-runtime.ts';
import { optionListQuery } from '../../shared/forms/option-source.ts';
import { useSignedInUser } from '../../shared/lib/auth.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { createConfigTemplate } from './api/create-config-template.ts';
import { CONFIG_TEMPLATES_KEY } from './api/list-config-templates.ts';
import { updateConfigTemplate } from './api/update-config-template.ts';
import {
  addableSections,
  addSection,
  changeOption,
  checkedRequest,
  draftOf,
  draftProblems,
  NO_PROBLEMS,
  type OptionDraft,
  type Problems,
  removeSection,
  type SectionDraft,
  serverProblems,
  type TemplateDraft,
  templateFields,
} from './template-form.ts';

// The contract's problems are said in the form engine's words (forms.validation.*).
await ensureArea('forms');

/** The companies the user sees, as the form engine's company pickers ask for them (one cache). */
const COMPANIES = { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } } as const;

/** A section's title: 'Wi-Fi network 2', 'Time (NTP)'. */
function useSectionTitle() {
  const { t } = useTranslation();
  return (name: string) => {
    const known = sectionKind(name);
    return known ? sectionTitle(t, name, known.kind, known.index) : name;
  };
}

/** One section of the template: each option the template may set, ticked to set it, with its value. */
function SectionCard({
  section,
  shown,
  onOption,
  onRemove,
}: {
  section: SectionDraft;
  /** The problems to show, by field path. */
  shown: Record<string, string>;
  onOption: (option: string, change: Partial<OptionDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const title = useSectionTitle()(section.name);
  const fields = useMemo(() => templateFields(section.kind), [section.kind]);
  const at = `sections.${section.name}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} data-testid={`template-section-${section.name}`}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h4" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('device.templates.editor.removeSection', { section: title })}
          title={t('device.templates.editor.removeSection', { section: title })}
          onClick={onRemove}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Stack>
      {shown[at] && (
        <Typography
          variant="body2"
          color="error"
          sx={{ mb: 1 }}
          data-testid={`template-problem-${section.name}`}
        >
          {shown[at]}
        </Typography>
      )}
      <Stack spacing={1}>
        {fields.map((field) => {
          const option = section.options[field.option] ?? { on: false, value: '' };
          const label = optionLabel(t, section.kind, field.option);
          return (
            <Stack key={field.option} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Checkbox
                checked={option.on}
                onChange={(event) => onOption(field.option, { on: event.target.checked })}
                slotProps={{
                  input: {
                    'aria-label': t('device.templates.editor.include', { option: label }),
                    'data-testid': `template-tick-${section.name}-${field.option}`,
                  } as object,
                }}
                sx={{ mt: -0.25 }}
              />
              <Box sx={{ flex: 1, minWidth: 0, pt: option.on ? 0 : 1 }}>
                {option.on ? (
                  <ConfigOptionField
                    field={field}
                    kind={section.kind}
                    value={option.value}
                    problem={shown[`${at}.${field.option}`]}
                    testId={`template-field-${section.name}-${field.option}`}
                    onChange={(next) => onOption(field.option, { value: next })}
                  />
                ) : (
                  <Typography color="text.secondary">{label}</Typography>
                )}
              </Box>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}

/**
 * New template and Edit template (Saved configurations, Templates; issue 22): a name and a
 * description, the company it belongs to (asked only of users who see several; a template stays
 * in its company), the model family it fits (or any), and its sections: each added from the
 * sections a device has, its options ticked and given values with the section's own field kinds
 * (`shared/config`). Checked with the contract's schemas as one types (a field shows its problem
 * once touched, every field once Save is pressed); the API's refusals show on the field they name.
 */
export function TemplateEditor({ template }: { template?: ConfigTemplate | undefined }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { close } = useModalControls();
  const queryClient = useQueryClient();
  const titleOf = useSectionTitle();
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template, user.company_id));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const companies = useQuery(optionListQuery(COMPANIES, COMPANIES.params));
  const companyOptions = (companies.data ?? []).map((item) => ({
    value: Number(item.id),
    label: String(item.name ?? item.id),
  }));
  const live = useMemo(() => draftProblems(t, draft), [t, draft]);
  // A field's problem shows once it was touched (or Save was pressed); the API's until it changes.
  const shown: Record<string, string> = { ...server.fields };
  for (const [field, message] of Object.entries(live.fields)) {
    if (tried || touched.has(field)) shown[field] ??= message;
  }

  const touch = (...fields: string[]) => {
    setTouched((before) => new Set([...before, ...fields]));
    setServer((before) => ({
      general: before.general,
      fields: Object.fromEntries(Object.entries(before.fields).filter(([key]) => !fields.includes(key))),
    }));
  };
  const set = (change: Partial<TemplateDraft>, field: string) => {
    setDraft((before) => ({ ...before, ...change }));
    touch(field);
  };
  const setOption = (name: string, option: string, change: Partial<OptionDraft>) => {
    setDraft((before) => ({ ...before, sections: changeOption(before.sections, name, option, change) }));
    touch(`sections.${name}`, `sections.${name}.${option}`);
  };
  const addable = addableSections(draft.sections);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const body = checkedRequest(draft);
    if (!body || Object.keys(live.fields).length > 0) return;
    setBusy(true);
    setServer(NO_PROBLEMS);
    try {
      const saved = await withStepUp(
        (extra) =>
          template ? updateConfigTemplate(template.id, body, extra) : createConfigTemplate(body, extra),
        FORM_RUNTIME.prompts,
      );
      toast(t(template ? 'device.templates.saved' : 'device.templates.created', { name: saved.name }), {
        type: 'success',
      });
      close();
      await queryClient.invalidateQueries({ queryKey: CONFIG_TEMPLATES_KEY });
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) setServer(serverProblems(t, error, draft));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      sx={{ minWidth: { sm: 560 } }}
      data-testid="template-editor"
    >
      <Stack spacing={2}>
        {server.general.length > 0 && (
          <Alert severity="error" data-testid="template-errors">
            {server.general.map((message) => (
              <Box key={message}>{message}</Box>
            ))}
          </Alert>
        )}
        <TextField
          required
          label={t('device.templates.editor.name')}
          value={draft.name}
          onChange={(event) => set({ name: event.target.value }, 'name')}
          error={Boolean(shown.name)}
          helperText={shown.name}
          slotProps={{
            htmlInput: { maxLength: CONFIG_TEMPLATE_LIMITS.nameMax, 'data-testid': 'template-name' },
          }}
        />
        <TextField
          multiline
          minRows={2}
          label={t('device.templates.editor.description')}
          value={draft.description}
          onChange={(event) => set({ description: event.target.value }, 'description')}
          error={Boolean(shown.description)}
          helperText={shown.description}
          slotProps={{
            htmlInput: {
              maxLength: CONFIG_TEMPLATE_LIMITS.descriptionMax,
              'data-testid': 'template-description',
            },
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(companyOptions.length > 1 || shown.company_id) && (
            <TextField
              select
              required
              fullWidth
              label={t('device.templates.editor.company')}
              value={companyOptions.some((option) => option.value === draft.companyId) ? draft.companyId : ''}
              onChange={(event) => set({ companyId: Number(event.target.value) }, 'company_id')}
              // A saved template stays in its company (the API keeps it there).
              disabled={Boolean(template)}
              error={Boolean(shown.company_id)}
              helperText={
                shown.company_id ?? (template ? t('device.templates.editor.companyFixed') : undefined)
              }
              slotProps={{ htmlInput: { 'data-testid': 'template-company' } }}
            >
              {companyOptions.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            select
            fullWidth
            label={t('device.templates.editor.family')}
            value={draft.family}
            onChange={(event) => set({ family: event.target.value as ModelFamily | '' }, 'family')}
            error={Boolean(shown.family)}
            helperText={shown.family ?? t('device.templates.editor.familyHint')}
            slotProps={{ htmlInput: { 'data-testid': 'template-family' } }}
          >
            <MenuItem value="">{t('device.templates.anyModel')}</MenuItem>
            {MODEL_FAMILIES.map((family) => (
              <MenuItem key={family} value={family}>
                {family}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box component="section" aria-labelledby="template-sections">
          <Typography variant="subtitle1" component="h3" id="template-sections" sx={{ fontWeight: 600 }}>
            {t('device.templates.editor.sections')}
          </Typography>
          <Typography
            variant="body2"
            color={shown.sections ? 'error' : 'text.secondary'}
            sx={{ mb: 1.5 }}
            data-testid="template-sections-hint"
          >
            {shown.sections ?? t('device.templates.editor.sectionsHint')}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {draft.sections.map((section) => (
              <SectionCard
                key={section.name}
                section={section}
                shown={shown}
                onOption={(option, change) => setOption(section.name, option, change)}
                onRemove={() => set({ sections: removeSection(draft.sections, section.name) }, 'sections')}
              />
            ))}
          </Stack>
          {addable.length > 0 && (
            <TextField
              select
              size="small"
              label={t('device.templates.editor.addSection')}
              value=""
              onChange={(event) =>
                set({ sections: addSection(draft.sections, event.target.value) }, 'sections')
              }
              sx={{ mt: 1.5, minWidth: 260 }}
              slotProps={{ htmlInput: { 'data-testid': 'template-add-section' } }}
            >
              {addable.map((section) => (
                <MenuItem key={section.name} value={section.name}>
                  {titleOf(section.name)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>{t('device.templates.editor.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="template-save">
            {template ? t('device.templates.editor.save') : t('device.templates.editor.create')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
