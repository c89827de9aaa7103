import type { Tag } from '@fleetport/contracts/tags';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { EntityFrame } from '../../shared/ui/EntityFrame.tsx';
import { useTag } from './api/get-tag.ts';
import { TagActions } from './TagActions.tsx';
import { TagChip } from './TagChip.tsx';

/**
 * /tag/{id} (spec §2): a tag, its company and description, edit and delete for tag managers, and
 * its devices (the devices feature's list, which the app composes in through `devices`).
 */
export function TagView({ devices }: { devices: (tagId: number) => ReactNode }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const tag = useTag(id, { enabled: valid });
  return (
    <EntityFrame
      load={tag}
      route="tag"
      label={(data) => data.name}
      invalid={valid ? undefined : t('admin.tags.loadFailed')}
      missing={t('admin.tags.notYours')}
    >
      {(data) => (
        <>
          <TagDetails tag={data} />
          {can(user, 'view_devices') && <TagDevices>{devices(data.id)}</TagDevices>}
        </>
      )}
    </EntityFrame>
  );
}

/** The tag's devices ('the tag page's devices'), as on the devices page. */
function TagDevices({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="tag-devices">
      <Typography variant="h6" component="h2" id="tag-devices" sx={{ mb: 1 }}>
        {t('admin.tags.devices')}
      </Typography>
      {children}
    </Box>
  );
}

function TagDetails({ tag: data }: { tag: Tag }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <TagChip tag={data} />
        <Box sx={{ flex: 1 }} />
        {can(user, 'manage_tags') && (
          <TagActions tag={data} queryClient={queryClient} onDeleted={() => void navigate('/tags')} />
        )}
      </Stack>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1 }}
      >
        <Typography component="dt" color="text.secondary">
          {t('admin.tags.columns.company')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          <Link component={RouterLink} to={`/companies/${data.company_id}`}>
            {data.company_name}
          </Link>
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('admin.tags.columns.description')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="tag-description">
          {data.description ?? t('admin.tags.noDescription')}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('admin.tags.fields.color')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
          {data.color ?? t('admin.tags.noColor')}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('admin.tags.columns.created')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {formatDateTime(data.created_at, i18n.language)}
        </Typography>
      </Box>
    </Paper>
  );
}
