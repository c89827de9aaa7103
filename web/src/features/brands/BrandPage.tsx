import { brandConfigSchema } from '@fleetport/contracts/brand';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import type { FormValues } from '../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { toast } from '../../shared/toasts/toasts.tsx';
import { EntityFrame } from '../../shared/ui/EntityFrame.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { EDGE } from './api/edge.ts';
import { type BrandDetail, useBrandDetail } from './api/get-brand.ts';
import { BRANDS_KEY } from './api/list-brands.ts';
import { type BrandImage, useUploadBrandImage } from './api/upload-brand-image.ts';
import { BrandPreview } from './BrandPreview.tsx';
import { lookFields, platformFields } from './brand-form.ts';

const IMAGE_TYPES = 'image/svg+xml,image/png,image/x-icon,image/vnd.microsoft.icon,image/webp,.ico';

function ImageUpload({ brand, kind }: { brand: BrandDetail; kind: BrandImage }) {
  const { t } = useTranslation();
  const uploading = useUploadBrandImage(brand.config.id, kind);
  const what = t(`admin.brands.${kind}`);
  const src = kind === 'logo' ? brand.public.logo_url : brand.public.favicon_url;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    try {
      await uploading.mutateAsync(file);
      toast(t('admin.brands.uploaded', { what }), { type: 'success' });
    } catch {
      // Shown below the button, from the upload's state.
    }
  };
  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 200 }}>
      <Typography variant="subtitle2">{what}</Typography>
      <Box
        sx={{
          height: 64,
          display: 'grid',
          placeItems: 'center',
          borderRadius: 1,
          bgcolor: kind === 'logo' ? brand.config.brand_color : 'action.hover',
        }}
      >
        <Box
          component="img"
          src={src}
          alt={what}
          sx={{ maxHeight: kind === 'logo' ? 40 : 32, maxWidth: '80%' }}
        />
      </Box>
      <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={uploading.isPending}>
        {t('admin.brands.upload', { what })}
        <input
          hidden
          type="file"
          accept={IMAGE_TYPES}
          data-testid={`brand-upload-${kind}`}
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Button>
      {uploading.isError && <ErrorAlert>{messageOf(uploading.error)}</ErrorAlert>}
    </Stack>
  );
}

/**
 * A brand's page (/brands/{id}): its look with a live preview in light and dark, its logo and
 * favicon, and for super admins its host names and features. Admins of the brand's owner
 * company get the look only (the edge enforces it; the page says so). Saving writes the brand
 * through the edge, which serves it on its host names at once: no restart, no redeploy.
 */
export default function BrandPage() {
  const brand = useBrandDetail(useParams().id ?? '');
  return (
    <EntityFrame load={brand} route="brand" label={(data) => data.config.app_name}>
      {(data) => <BrandEditor brand={data} />}
    </EntityFrame>
  );
}

/** The loaded brand's forms, images and preview. */
function BrandEditor({ brand: data }: { brand: BrandDetail }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FormValues>({});
  const onValues = useCallback((values: FormValues) => setDraft(values), []);
  const all = data.access === 'all';
  const fields = useMemo(() => [...lookFields(t), ...(all ? platformFields(t, false) : [])], [t, all]);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 420px' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {!all && <Alert severity="info">{t('admin.brands.lookOnly')}</Alert>}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {all
              ? `${t('admin.brands.sections.look')} · ${t('admin.brands.sections.platform')}`
              : t('admin.brands.sections.look')}
          </Typography>
          <SchemaForm
            key={`${data.config.id}:${data.access}`}
            fields={fields}
            contract={brandConfigSchema}
            onValues={onValues}
            submitLabel={t('admin.companies.save')}
            submit={{
              url: `/brands/${encodeURIComponent(data.config.id)}`,
              ...EDGE,
              method: 'put',
              item: t('admin.brands.item'),
              leaveOpen: true,
              reload: [BRANDS_KEY],
              schema: { id: 'edit-brand', defaults: { ...data.config } },
            }}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('admin.brands.sections.images')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ImageUpload brand={data} kind="logo" />
            <ImageUpload brand={data} kind="favicon" />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('admin.brands.uploadHint')}
          </Typography>
        </Paper>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, position: { lg: 'sticky' }, top: { lg: 80 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('admin.brands.sections.preview')}
        </Typography>
        <BrandPreview draft={{ ...draft, logo_url: data.public.logo_url }} />
      </Paper>
    </Box>
  );
}
