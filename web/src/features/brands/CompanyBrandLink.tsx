import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { useEditableBrands } from './api/list-brands.ts';

/**
 * On a company's page, the way to the brands it owns, for those who may edit them: the edge
 * lists only the brands the caller may edit (and refuses callers with none, quietly here).
 */
export function CompanyBrandLink({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const manages = can(user, 'manage_companies');
  const brands = useEditableBrands(manages);
  const owned = (brands.data ?? []).filter((brand) => brand.owner_company_id === companyId);
  return owned.map((brand) => (
    <Button
      key={brand.id}
      component={RouterLink}
      to={`/brands/${brand.id}`}
      variant="outlined"
      size="small"
      startIcon={<PaletteOutlinedIcon />}
      data-testid="company-brand-link"
    >
      {`${t('admin.brands.open')}: ${brand.app_name}`}
    </Button>
  ));
}
