import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { ServicesTabs } from '../../shared/routing/ServicesTabs.tsx';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { RowActions } from '../../shared/ui/RowActions.tsx';
import { useBrands } from './api/list-brands.ts';
import { confirmDeleteBrand, openNewBrand } from './brand-dialogs.tsx';

/**
 * System services → Brands (super admins): every brand the edge serves, from its brand
 * administration API (the session is checked by the API); new, edit (its page) and delete.
 * Brands are few (one per reseller domain), so this is a plain table, not a server grid.
 */
export default function BrandsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const brands = useBrands();
  return (
    <>
      <ServicesTabs current="services.brands" />
      <Stack direction="row" sx={{ mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          data-testid="new-brand"
          onClick={() => openNewBrand((id) => void navigate(pathOf('brand', { id })))}
        >
          {t('admin.brands.new')}
        </Button>
      </Stack>
      {brands.isError && <ErrorAlert>{messageOf(brands.error)}</ErrorAlert>}
      {brands.isPending && <PageLoading />}
      {brands.data && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table aria-label={t('route.services_brands')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.brands.columns.brand')}</TableCell>
                <TableCell>{t('admin.brands.columns.id')}</TableCell>
                <TableCell>{t('admin.brands.columns.hostnames')}</TableCell>
                <TableCell>{t('admin.brands.columns.colour')}</TableCell>
                <TableCell>{t('admin.brands.columns.owner')}</TableCell>
                <TableCell>{t('admin.brands.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {brands.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>{t('admin.brands.empty')}</TableCell>
                </TableRow>
              )}
              {brands.data.map((brand) => (
                <TableRow key={brand.id}>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Box
                        component="img"
                        src={brand.logo_url}
                        alt=""
                        sx={{
                          height: 28,
                          maxWidth: 80,
                          p: 0.5,
                          borderRadius: 0.5,
                          bgcolor: brand.brand_color,
                        }}
                      />
                      <Link component={RouterLink} to={pathOf('brand', { id: brand.id })}>
                        {brand.app_name}
                      </Link>
                      {brand.default && <Chip size="small" label={t('admin.brands.default')} />}
                    </Stack>
                  </TableCell>
                  <TableCell>{brand.id}</TableCell>
                  <TableCell sx={{ maxWidth: 280 }}>{brand.hostnames.join(', ')}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Box
                        sx={{
                          width: 18,
                          height: 18,
                          borderRadius: 0.5,
                          bgcolor: brand.brand_color,
                          border: 1,
                          borderColor: 'divider',
                        }}
                      />
                      <span>{brand.brand_color}</span>
                    </Stack>
                  </TableCell>
                  <TableCell>{brand.owner_company_id ?? ''}</TableCell>
                  <TableCell>
                    <RowActions
                      label={brand.app_name}
                      actions={[
                        {
                          label: t('admin.brands.edit'),
                          icon: <EditOutlinedIcon fontSize="small" />,
                          onClick: () => void navigate(`/brands/${brand.id}`),
                        },
                        ...(brand.default
                          ? []
                          : [
                              {
                                label: t('admin.brands.delete'),
                                icon: <DeleteOutlineIcon fontSize="small" />,
                                onClick: () => void confirmDeleteBrand(brand, queryClient),
                              },
                            ]),
                      ]}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </>
  );
}
