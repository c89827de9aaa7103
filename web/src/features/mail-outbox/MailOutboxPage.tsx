import type { OutboxMail } from '@fleetport/contracts/mail';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { ServicesTabs } from '../../shared/routing/ServicesTabs.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { TextInput } from '../../shared/ui/TextInput.tsx';
import { useOutbox } from './api/list-outbox.ts';

/**
 * System services → E-mail outbox (platform admin): while no SMTP server is set, invitations,
 * password resets and sign-in codes are kept instead of sent, and read here: the list on the
 * left, the chosen message on the right with its link. `?to=` filters by recipient and `?mail=`
 * names the open message, so both survive a reload.
 */
export default function MailOutboxPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const to = search.get('to') ?? '';
  const [typed, setTyped] = useState(to);
  const outbox = useOutbox(to);
  const setParam = (name: string, value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'mail' },
    );

  const mails = outbox.data?.mails ?? [];
  const openId = Number(search.get('mail'));
  const open = mails.find((mail) => mail.id === openId) ?? mails[0];

  return (
    <Stack spacing={2}>
      <ServicesTabs current="services.mail-outbox" />
      <Typography color="text.secondary">{t('admin.mailOutbox.intro')}</Typography>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setParam('to', typed.trim());
        }}
      >
        <Stack direction="row" spacing={1} sx={{ maxWidth: 560 }}>
          <TextInput
            label={t('admin.mailOutbox.to')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            type="search"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'outbox-to' } }}
          />
          <Button type="submit" variant="outlined">
            {t('admin.mailOutbox.filter')}
          </Button>
        </Stack>
      </form>
      {outbox.isPending ? (
        <PageLoading />
      ) : outbox.isError ? (
        <ErrorAlert>{t('admin.mailOutbox.loadFailed')}</ErrorAlert>
      ) : !outbox.data.captured ? (
        <Alert severity="info">{t('admin.mailOutbox.notCaptured')}</Alert>
      ) : mails.length === 0 ? (
        <Typography color="text.secondary" data-testid="outbox-empty">
          {to ? t('admin.mailOutbox.noneTo', { to }) : t('admin.mailOutbox.none')}
        </Typography>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Paper variant="outlined" sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}>
            <List dense disablePadding aria-label={t('route.services_mail-outbox')}>
              {mails.map((mail) => (
                <MailRow
                  key={mail.id}
                  mail={mail}
                  selected={mail.id === open?.id}
                  onOpen={() => setParam('mail', String(mail.id))}
                />
              ))}
            </List>
          </Paper>
          {open && <MailView mail={open} />}
        </Stack>
      )}
    </Stack>
  );
}

function MailRow({ mail, selected, onOpen }: { mail: OutboxMail; selected: boolean; onOpen: () => void }) {
  const { i18n } = useTranslation();
  return (
    <ListItemButton selected={selected} onClick={onOpen} divider>
      <ListItemText
        primary={mail.subject}
        secondary={`${mail.to} · ${formatDateTime(mail.created_at, i18n.language)}`}
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
      />
    </ListItemButton>
  );
}

/** One message: its headers, its text (as text: the body is never run as HTML here) and its link. */
function MailView({ mail }: { mail: OutboxMail }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0 }} data-testid="outbox-mail">
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {mail.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('admin.mailOutbox.headers', {
          from: mail.from,
          to: mail.to,
          at: formatDateTime(mail.created_at, i18n.language),
        })}
      </Typography>
      {mail.link && (
        <Button
          variant="contained"
          href={mail.link}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ mt: 2 }}
          data-testid="outbox-link"
        >
          {t('admin.mailOutbox.openLink')}
        </Button>
      )}
      <Typography
        component="pre"
        variant="body2"
        sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
      >
        {mail.text}
      </Typography>
    </Paper>
  );
}
