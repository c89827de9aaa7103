import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigOptionField } from '../../shared/config/ConfigOptionField.tsx';
import { initialValues as fieldDefaults, sectionFields } from '../../shared/config/config-form.ts';
import { optionLabel, sectionTitle } from '../../shared/config/config-sections.ts';
import { type CommonSection, OFFERED_SECTIONS, type SectionProblems } from './configure-request.ts';

/** A section's title for a change of many devices (no band: devices differ). */
export function offeredTitle(t: ReturnType<typeof useTranslation>['t'], name: string): string {
  const offered = OFFERED_SECTIONS.find((section) => section.name === name);
  return offered ? sectionTitle(t, name, offered.kind, offered.index) : name;
}

function SectionCard({
  section,
  unique,
  problems,
  onChange,
  onRemove,
}: {
  section: CommonSection;
  /** Option keys given per device (Set unique): not offered here. */
  unique: ReadonlySet<string>;
  problems: Record<string, string> | undefined;
  onChange: (values: CommonSection['values']) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const fields = useMemo(() => sectionFields(section.kind), [section.kind]);
  const defaults = useMemo(() => fieldDefaults(fields, undefined), [fields]);
  const title = offeredTitle(t, section.name);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      data-testid={`configure-section-${section.name}`}
      aria-label={title}
      component="section"
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Button
          size="small"
          onClick={onRemove}
          aria-label={t('tasks.configure.removeSection', { section: title })}
        >
          {t('tasks.configure.remove')}
        </Button>
      </Stack>
      <Stack spacing={1.5}>
        {fields.map((field) => {
          const key = `${section.name}.${field.option}`;
          const ticked = field.option in section.values;
          const label = optionLabel(t, section.kind, field.option);
          if (unique.has(key))
            return (
              <Typography key={field.option} variant="body2" color="text.secondary" sx={{ pl: 1.5 }}>
                {t('tasks.configure.perDevice', { option: label })}
              </Typography>
            );
          return (
            <Box key={field.option} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Checkbox
                checked={ticked}
                onChange={(event) => {
                  const { [field.option]: _gone, ...rest } = section.values;
                  onChange(
                    event.target.checked ? { ...rest, [field.option]: defaults[field.option] ?? '' } : rest,
                  );
                }}
                slotProps={{
                  input: {
                    'aria-label': t('tasks.configure.changeOption', { option: label }),
                    'data-testid': `configure-tick-${key}`,
                  } as object,
                }}
              />
              <Box sx={{ flex: 1, pt: field.kind === 'switch' ? 0.25 : 0.5 }}>
                {ticked ? (
                  <ConfigOptionField
                    field={field}
                    kind={section.kind}
                    value={section.values[field.option]}
                    problem={problems?.[field.option]}
                    hint={field.kind === 'secret' ? t('tasks.configure.secretHint') : undefined}
                    testId={`configure-field-${key}`}
                    onChange={(next) => onChange({ ...section.values, [field.option]: next })}
                  />
                ) : (
                  <Typography color="text.secondary" sx={{ pt: 0.75 }}>
                    {label}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}

/**
 * Step 2, what every device gets: sections added from the list (System, LAN, DHCP, Mobile data,
 * each Wi-Fi network, NTP, …); in each, the options ticked get the value typed, checked with the
 * section's schema from contracts as it is typed (the problem at its field).
 */
export function ConfigChangesStep({
  sections,
  unique,
  problems,
  onChange,
}: {
  sections: readonly CommonSection[];
  unique: ReadonlySet<string>;
  problems: SectionProblems;
  onChange: (sections: CommonSection[]) => void;
}) {
  const { t } = useTranslation();
  const free = OFFERED_SECTIONS.filter(
    (offered) => !sections.some((section) => section.name === offered.name),
  );
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {sections.map((section, index) => (
        <SectionCard
          key={section.name}
          section={section}
          unique={unique}
          problems={problems[section.name]}
          onChange={(values) =>
            onChange(sections.map((one, at) => (at === index ? { ...one, values } : one)))
          }
          onRemove={() => onChange(sections.filter((_, at) => at !== index))}
        />
      ))}
      {free.length > 0 && (
        <TextField
          select
          size="small"
          label={t('tasks.configure.addSection')}
          value=""
          onChange={(event) => {
            const offered = OFFERED_SECTIONS.find((one) => one.name === event.target.value);
            if (offered) onChange([...sections, { name: offered.name, kind: offered.kind, values: {} }]);
          }}
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { 'data-testid': 'configure-add-section' } }}
        >
          {free.map((offered) => (
            <MenuItem key={offered.name} value={offered.name}>
              {offeredTitle(t, offered.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
