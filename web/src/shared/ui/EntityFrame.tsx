import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { isAxiosError } from 'axios';
import type { ReactNode } from 'react';
import { messageOf } from '../api/messages.ts';
import { usePageLabel } from '../routing/page-labels.ts';
import { ErrorAlert } from './ErrorAlert.tsx';
import { PageLoading } from './PageLoading.tsx';

/** What the frame needs of a load: a TanStack Query result fits as it is. */
export interface EntityLoad<T> {
  data: T | undefined;
  /** The failure of the load; `null` or `undefined` while there is none. */
  error: unknown;
  isPending: boolean;
}

type PerEntity<T> = ReactNode | ((entity: T) => ReactNode);

const render = <T,>(part: PerEntity<T>, entity: T): ReactNode =>
  typeof part === 'function' ? part(entity) : part;

/**
 * The frame of a page that shows one thing (/tag/{id}, a company's tabs, /brands/{id},
 * /devices/{id}): it names the page's route after the thing, so the heading and breadcrumbs show
 * it; shows the load's error or a spinner until the thing is there; then the page's header, its
 * tabs with actions beside them, and its content.
 */
export function EntityFrame<T>({
  load,
  route,
  label,
  invalid,
  missing,
  header,
  tabs,
  actions,
  children,
}: {
  load: EntityLoad<T>;
  /** The route the thing's name labels (`tag`, `company`, `brand`…). */
  route: string;
  label: (entity: T) => string | undefined;
  /** Set when the address names no valid thing (a malformed id): shown instead, nothing loads. */
  invalid?: string;
  /**
   * Shown when the API refuses the thing (403 or 404): it does not exist or the user may not see
   * it, which the API keeps indistinguishable on purpose, so the sentence names both.
   */
  missing?: string;
  /** Above the tabs (a device's facts and actions). */
  header?: (entity: T) => ReactNode;
  /** The page's tab bar. */
  tabs?: PerEntity<T>;
  /** Beside the tab bar. */
  actions?: (entity: T) => ReactNode;
  children: (entity: T) => ReactNode;
}) {
  usePageLabel(route, load.data === undefined ? undefined : label(load.data));
  const failed = load.error !== null && load.error !== undefined;
  if (invalid !== undefined) return <ErrorAlert>{invalid}</ErrorAlert>;
  if (failed) {
    const status = isAxiosError(load.error) ? load.error.response?.status : undefined;
    const refused = missing !== undefined && (status === 403 || status === 404);
    return <ErrorAlert>{refused ? missing : messageOf(load.error)}</ErrorAlert>;
  }
  if (load.isPending || load.data === undefined) return <PageLoading />;
  const entity = load.data;
  return (
    <>
      {header?.(entity)}
      {(tabs !== undefined || actions) && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>{render(tabs, entity)}</Box>
          {actions && (
            <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
              {actions(entity)}
            </Stack>
          )}
        </Stack>
      )}
      {children(entity)}
    </>
  );
}
