import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ChangeEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../shared/api/messages.ts';
import { optionLabel, SECTION_OPTIONS } from '../../shared/config/config-sections.ts';
import { saveCsv, toCsv } from '../../shared/grid/csv.ts';
import type { TargetDevice } from './api/configure-devices.ts';
import { offeredTitle } from './ConfigChangesStep.tsx';
import { type ConfigureValues, OFFERED_SECTIONS } from './configure-request.ts';
import {
  type LineProblem,
  type RowProblem,
  readUniqueFile,
  SERIAL_COLUMN,
  type UniqueOption,
  uniqueOption,
  uniqueTemplate,
} from './unique-values.ts';

/** 'Wi-Fi network 1 › Network name (SSID)'. */
export function uniqueLabel(t: ReturnType<typeof useTranslation>['t'], option: UniqueOption): string {
  return `${offeredTitle(t, option.section)} › ${optionLabel(t, option.kind, option.field.option)}`;
}

/** The options that may be given per device: every option of the offered sections. */
const ALL_OPTIONS: readonly UniqueOption[] = OFFERED_SECTIONS.flatMap((section) =>
  SECTION_OPTIONS[section.kind].flatMap((option) => uniqueOption(`${section.name}.${option}`) ?? []),
);

/** The devices' values as a table: a row per device (serial, name), a field per setting. */
function ValuesTable({
  options,
  devices,
  values,
  problems,
  onChange,
}: {
  options: readonly UniqueOption[];
  devices: readonly TargetDevice[];
  values: ConfigureValues['table'];
  problems: readonly RowProblem[];
  onChange: (table: ConfigureValues['table']) => void;
}) {
  const { t } = useTranslation();
  const problemAt = (index: number, column: string) =>
    problems.find((problem) => problem.index === index && problem.column === column)?.message;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('tasks.configure.unique.table')} data-testid="unique-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('tasks.configure.unique.serial')}</TableCell>
            <TableCell>{t('tasks.configure.unique.device')}</TableCell>
            {options.map((option) => (
              <TableCell key={option.key}>{uniqueLabel(t, option)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((device, index) => {
            const serialProblem = problemAt(index, SERIAL_COLUMN);
            return (
              <TableRow key={device.id} data-testid="unique-row">
                <TableCell>
                  {device.serial}
                  {serialProblem && (
                    <Typography variant="caption" color="error" component="div">
                      {serialProblem}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{device.name}</TableCell>
                {options.map((option) => {
                  const problem = problemAt(index, option.key);
                  return (
                    <TableCell key={option.key} sx={{ minWidth: 180 }}>
                      <TextField
                        size="small"
                        fullWidth
                        type={option.field.kind === 'secret' ? 'password' : 'text'}
                        value={values[device.serial]?.[option.key] ?? ''}
                        onChange={(event) =>
                          onChange({
                            ...values,
                            [device.serial]: { ...values[device.serial], [option.key]: event.target.value },
                          })
                        }
                        error={problem !== undefined}
                        helperText={problem}
                        slotProps={{
                          htmlInput: {
                            'aria-label': t('tasks.configure.unique.cell', {
                              option: uniqueLabel(t, option),
                              device: device.name,
                            }),
                            'data-testid': `unique-cell-${device.serial}-${option.key}`,
                            maxLength: option.field.maxLength,
                            autoComplete: option.field.kind === 'secret' ? 'new-password' : 'off',
                            spellCheck: false,
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Step 3, Set unique (optional): the settings each device gets its own value of (a host name, a
 * LAN address), typed in a table of the devices or imported from a CSV file, whose template
 * lists the devices. Every problem shows before anything is sent, on its cell or its line.
 */
export function UniqueValuesStep({
  values,
  common,
  devices,
  rowProblems,
  lineProblems,
  onChange,
}: {
  values: ConfigureValues;
  /** Option keys every device gets (step 2): not offered here. */
  common: ReadonlySet<string>;
  devices: UseQueryResult<TargetDevice[]>;
  /** The table's problems (its own checks, then the API's). */
  rowProblems: readonly RowProblem[];
  /** The file's problems by line (its own checks, then the API's). */
  lineProblems: readonly LineProblem[];
  onChange: (patch: Partial<ConfigureValues>) => void;
}) {
  const { t } = useTranslation();
  const chosen = useMemo(() => new Set(values.unique.map((option) => option.key)), [values.unique]);
  const offered = ALL_OPTIONS.filter((option) => !chosen.has(option.key) && !common.has(option.key));

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = readUniqueFile(t, await file.text());
    onChange({
      source: 'file',
      fileName: file.name,
      fileRows: read.rows,
      fileProblems: read.problems,
      ...(read.options ? { unique: read.options } : {}),
    });
  };
  const downloadTemplate = () => {
    const template = uniqueTemplate(values.unique, devices.data ?? []);
    saveCsv(
      toCsv(
        template.header.map((header, index) => ({ header, value: (row: string[]) => row[index] })),
        template.rows,
      ),
      t('tasks.configure.unique.templateFile'),
    );
  };

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('tasks.configure.unique.intro')}
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1 }}
        aria-label={t('tasks.configure.unique.chosen')}
      >
        {values.unique.map((option) => (
          <Chip
            key={option.key}
            label={uniqueLabel(t, option)}
            onDelete={() => onChange({ unique: values.unique.filter((one) => one.key !== option.key) })}
            data-testid={`unique-option-${option.key}`}
          />
        ))}
      </Stack>
      <TextField
        select
        size="small"
        label={t('tasks.configure.unique.add')}
        value=""
        onChange={(event) => {
          const option = ALL_OPTIONS.find((one) => one.key === event.target.value);
          if (option) onChange({ unique: [...values.unique, option] });
        }}
        sx={{ maxWidth: 420 }}
        slotProps={{ htmlInput: { 'data-testid': 'unique-add' } }}
      >
        {offered.map((option) => (
          <MenuItem key={option.key} value={option.key}>
            {uniqueLabel(t, option)}
          </MenuItem>
        ))}
      </TextField>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={values.source}
          onChange={(_, source) => source && onChange({ source })}
          aria-label={t('tasks.configure.unique.source')}
        >
          <ToggleButton value="table" data-testid="unique-source-table">
            {t('tasks.configure.unique.typed')}
          </ToggleButton>
          <ToggleButton value="file" data-testid="unique-source-file">
            {t('tasks.configure.unique.file')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Button
          size="small"
          disabled={values.unique.length === 0 || !devices.data}
          onClick={downloadTemplate}
          data-testid="unique-template"
        >
          {t('tasks.configure.unique.template')}
        </Button>
      </Stack>
      {devices.isError && <Alert severity="error">{messageOf(devices.error)}</Alert>}

      {values.source === 'file' ? (
        <Stack spacing={1}>
          <Box>
            <Button variant="outlined" component="label" data-testid="unique-import">
              {t('tasks.configure.unique.import')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => void importFile(event)}
                data-testid="unique-file"
              />
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('tasks.configure.unique.fileHint')}
          </Typography>
          {values.fileName && (
            <Typography variant="body2" data-testid="unique-file-read">
              {t('tasks.configure.unique.fileRead', { name: values.fileName, count: values.fileRows.length })}
            </Typography>
          )}
          {lineProblems.length > 0 && (
            <Alert severity="error" data-testid="unique-file-problems">
              {lineProblems.map((problem) => (
                <Box key={`${problem.line}-${problem.message}`}>
                  {t('tasks.configure.csv.line', { line: problem.line, problem: problem.message })}
                </Box>
              ))}
            </Alert>
          )}
        </Stack>
      ) : values.unique.length > 0 && devices.data ? (
        devices.data.length > 0 ? (
          <ValuesTable
            options={values.unique}
            devices={devices.data}
            values={values.table}
            problems={rowProblems}
            onChange={(table) => onChange({ table })}
          />
        ) : (
          <Typography color="text.secondary">{t('tasks.configure.unique.noDevices')}</Typography>
        )
      ) : null}
    </Stack>
  );
}
