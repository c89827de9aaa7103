import type { ConfigValue } from '@fleetport/contracts/device-config';
import type { ConfigDiffEntry, TaskGroupPreview } from '@fleetport/contracts/tasks';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { knownValue, optionLabel, SECRET_OPTIONS, sectionKind } from '../../shared/config/config-sections.ts';
import { SkippedDevices } from '../../shared/tasks/SkippedDevices.tsx';
import { offeredTitle } from './ConfigChangesStep.tsx';

type Skipped = TaskGroupPreview['skipped'][number];

const CONFIG_CODES = ['config_no_section', 'config_unknown', 'config_same'] as const;

/** Why a device is skipped, in words: 'has no Wi-Fi network 2', 'configuration not known yet', 'already set'. */
function skipReason(t: TFunction, code: string, sections: readonly string[]): string {
  if (code === 'config_no_section')
    return sections.length > 0
      ? t('tasks.configure.skip.config_no_section', {
          section: sections.map((name) => offeredTitle(t, name)).join(', '),
        })
      : t('tasks.configure.skip.config_no_sectionUnnamed');
  if (code === 'config_unknown') return t('tasks.configure.skip.config_unknown');
  if (code === 'config_same') return t('tasks.configure.skip.config_same');
  return code;
}

/** 'Changes 3 settings on 412 devices in 9 companies; 37 offline (…); 5 skipped (has no Wi-Fi network 1).' */
export function summarySentence(t: TFunction, preview: TaskGroupPreview): string {
  const parts = [
    t('tasks.configure.summary', {
      settings: t('tasks.configure.settings', { count: preview.settings ?? 0 }),
      devices: t('tasks.configure.devices', { count: preview.devices }),
      companies: t('tasks.configure.companies', { count: preview.companies }),
    }),
  ];
  if (preview.offline > 0) parts.push(t('tasks.configure.offline', { count: preview.offline }));
  if (preview.skipped_total > 0) {
    const byCode = Object.entries(preview.skipped_by_code ?? {}).filter(([, count]) => count > 0);
    const sectionsOf = (code: string) => [
      ...new Set(
        preview.skipped.flatMap((entry) => (entry.code === code && entry.section ? [entry.section] : [])),
      ),
    ];
    const reasons =
      byCode.length === 1
        ? skipReason(t, byCode[0]?.[0] ?? '', sectionsOf(byCode[0]?.[0] ?? ''))
        : byCode
            .map(([code, count]) =>
              t('tasks.configure.skipCount', { reason: skipReason(t, code, sectionsOf(code)), count }),
            )
            .join(t('tasks.configure.listSeparator'));
    parts.push(
      reasons
        ? t('tasks.configure.skipped', { count: preview.skipped_total, reasons })
        : t('tasks.configure.skippedBare', { count: preview.skipped_total }),
    );
  }
  return `${parts.join(t('tasks.configure.separator'))}${t('tasks.configure.end')}`;
}

const blank = (value: ConfigValue | null) => value === null || value === '' || value === false;

/** One side of a diff in words; a secret is only ever 'set', 'not set' or 'changed', never its value. */
function sideText(t: TFunction, entry: ConfigDiffEntry, side: 'from' | 'to'): string {
  const value = entry[side];
  if (SECRET_OPTIONS.includes(entry.option)) {
    if (side === 'from') return blank(value) ? t('device.config.notSet') : t('device.config.set');
    return blank(value)
      ? t('device.config.notSet')
      : blank(entry.from)
        ? t('tasks.configure.diff.set')
        : t('tasks.configure.diff.changed');
  }
  if (value === null) return '—';
  const kind = sectionKind(entry.section)?.kind;
  return kind ? knownValue(t, kind, entry.option, value) : String(value);
}

/** 'Wi-Fi network 1 › Network name (SSID)'. */
function settingText(t: TFunction, entry: ConfigDiffEntry): string {
  const kind = sectionKind(entry.section)?.kind;
  return kind
    ? `${offeredTitle(t, entry.section)} › ${optionLabel(t, kind, entry.option)}`
    : `${entry.section}.${entry.option}`;
}

/**
 * Confirm (issue 22): the dry run as one sentence, the companies reached with their counts, what
 * changes on each device (from → to; secrets as set or changed), and the devices left out with why.
 */
export function ConfigPreview({ preview }: { preview: TaskGroupPreview }) {
  const { t } = useTranslation();
  const diffs = preview.diffs ?? [];
  const more = preview.devices - diffs.length;
  const reasonOf = (entry: Skipped) =>
    (CONFIG_CODES as readonly string[]).includes(entry.code)
      ? skipReason(t, entry.code, entry.section ? [entry.section] : [])
      : entry.reason;
  return (
    <Stack spacing={2} data-testid="configure-preview">
      <Alert severity={preview.skipped_total > 0 ? 'warning' : 'info'}>
        <Typography data-testid="configure-summary">{summarySentence(t, preview)}</Typography>
        <SkippedDevices
          skipped={preview.skipped}
          label={t('tasks.configure.skippedList')}
          reason={reasonOf}
        />
      </Alert>
      {(preview.by_company ?? []).length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('tasks.configure.companiesTitle')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="configure-companies">
            {(preview.by_company ?? []).map((company) => (
              <Chip
                key={company.company_id}
                size="small"
                label={t('tasks.configure.companyCount', {
                  name: company.company_name,
                  count: company.devices,
                })}
              />
            ))}
          </Stack>
        </Box>
      )}
      {diffs.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('tasks.configure.diff.title')} data-testid="configure-diff">
            <TableHead>
              <TableRow>
                <TableCell>{t('tasks.configure.diff.device')}</TableCell>
                <TableCell>{t('tasks.configure.diff.setting')}</TableCell>
                <TableCell>{t('tasks.configure.diff.from')}</TableCell>
                <TableCell>{t('tasks.configure.diff.to')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {diffs.map((device) => (
                <Fragment key={device.device_id}>
                  {device.changes.map((entry, index) => (
                    <TableRow key={`${entry.section}.${entry.option}`} data-testid="configure-diff-row">
                      {index === 0 && (
                        <TableCell rowSpan={device.changes.length} sx={{ verticalAlign: 'top' }}>
                          {/* A device's name is its owner's text: shown as text. */}
                          <Typography variant="body2">{device.device_name}</Typography>
                          <Typography variant="caption" color="text.secondary" component="div">
                            {device.serial}
                            {!device.connected && ` · ${t('tasks.configure.diff.offline')}`}
                          </Typography>
                        </TableCell>
                      )}
                      <TableCell>{settingText(t, entry)}</TableCell>
                      <TableCell>{sideText(t, entry, 'from')}</TableCell>
                      <TableCell>{sideText(t, entry, 'to')}</TableCell>
                    </TableRow>
                  ))}
                </Fragment>
              ))}
            </TableBody>
          </Table>
          {more > 0 && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mt: 1 }}
              data-testid="configure-diff-more"
            >
              {t('tasks.configure.diff.more', { count: more })}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}
