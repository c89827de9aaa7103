import {
  ACTION_STATUS_EVENT,
  type ActionItemState,
  type ActionStatusItem,
  actionStatusEventSchema,
  FINISHED_ACTION_ITEM_STATES,
} from '@fleetport/contracts/action-status';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { realtime } from '../realtime/socket.ts';
import type { ActionStatusSource } from './action-status.ts';
import { useModalControls } from './controls.ts';

export interface ActionStatusProps {
  channel: string;
  /** The items known from the start (the selection), pending. */
  items?: readonly ActionStatusItem[];
  autoClose?: boolean;
  source?: ActionStatusSource;
}

const ICONS: Record<ActionItemState, ReactNode> = {
  pending: <HourglassEmptyIcon color="disabled" />,
  running: <CircularProgress size={20} />,
  succeeded: <CheckCircleIcon color="success" />,
  failed: <ErrorIcon color="error" />,
};

/** Merges an event's items into the list by id; new ones go last. */
function merge(list: readonly ActionStatusItem[], changed: readonly ActionStatusItem[]): ActionStatusItem[] {
  const next = [...list];
  for (const item of changed) {
    const index = next.findIndex((known) => known.id === item.id);
    if (index >= 0) next[index] = { ...next[index], ...item };
    else next.push(item);
  }
  return next;
}

/**
 * The 'Action status' modal (spec §2 "Socket action"): listens to the action's channel
 * (contracts' ActionStatusUpdated events) and lists each item's state with its message. It
 * closes by itself once every item finished, when no selection was supplied (spec §4).
 */
export function ActionStatusModal({
  channel,
  items: initial = [],
  autoClose = true,
  source = realtime,
}: ActionStatusProps) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const [items, setItems] = useState<readonly ActionStatusItem[]>(initial);

  useEffect(
    () =>
      source.listen(channel, ACTION_STATUS_EVENT, (payload) => {
        const event = actionStatusEventSchema.safeParse(payload);
        if (!event.success || event.data.channel !== channel) {
          console.warn('Action status: an event that is not one was ignored', payload);
          return;
        }
        setItems((list) => merge(list, event.data.items));
      }),
    [source, channel],
  );

  const done = items.filter((item) => FINISHED_ACTION_ITEM_STATES.has(item.state)).length;
  const finished = items.length > 0 && done === items.length;
  useEffect(() => {
    if (finished && autoClose) close();
  }, [finished, autoClose, close]);

  const progress = t('modals.actionStatus.progress', { done, total: items.length });
  return (
    <Stack spacing={1} data-testid="action-status">
      {items.length === 0 ? (
        <>
          <LinearProgress aria-label={t('modals.actionStatus.waiting')} />
          <Typography color="text.secondary">{t('modals.actionStatus.waiting')}</Typography>
        </>
      ) : (
        <>
          <LinearProgress variant="determinate" value={(done / items.length) * 100} aria-label={progress} />
          <Typography color="text.secondary">{progress}</Typography>
        </>
      )}
      <List dense>
        {items.map((item) => (
          <ListItem key={item.id} data-testid="action-status-item" data-state={item.state}>
            <ListItemIcon>{ICONS[item.state]}</ListItemIcon>
            <ListItemText
              primary={item.name ?? String(item.id)}
              secondary={
                <>
                  <span>{t(`modals.actionStatus.state.${item.state}`)}</span>
                  {item.message && (
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      {item.message}
                    </Typography>
                  )}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
