import { AUDIT_EVENTS, subjectOf } from '@fleetport/contracts/audit-events';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

type LooseT = (key: string) => string;

/**
 * The event-type filter of a history list (Action logs): every event type, grouped by subject,
 * or all. The page keeps the choice in its URL (`?event=`) and the API filters (`event=`).
 */
export function EventFilter({ value, onChange }: { value: string; onChange: (event: string) => void }) {
  const { t } = useTranslation();
  const words = t as unknown as LooseT;
  const items = AUDIT_EVENTS.flatMap((event, index) => {
    const subject = subjectOf(event);
    const first = index === 0 || subjectOf(AUDIT_EVENTS[index - 1] as string) !== subject;
    const option = (
      <MenuItem key={event} value={event} sx={{ pl: 3 }}>
        {words(`history.types.${event}`)}
      </MenuItem>
    );
    return first
      ? [<ListSubheader key={`group-${subject}`}>{words(`history.groups.${subject}`)}</ListSubheader>, option]
      : [option];
  });
  return (
    <TextField
      select
      size="small"
      label={t('history.filter.label')}
      value={AUDIT_EVENTS.includes(value as never) ? value : ''}
      onChange={(change) => onChange(change.target.value)}
      sx={{ minWidth: 240 }}
      slotProps={{
        htmlInput: { 'data-testid': 'event-filter' },
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } },
      }}
    >
      <MenuItem value="">{t('history.filter.all')}</MenuItem>
      {items}
    </TextField>
  );
}
