import { useTranslation } from 'react-i18next';
import { useBrand } from '../lib/brand.ts';
import { RouteTabs } from './RouteTabs.tsx';

/** Spec §1: the data feature belongs to the default brand only. */
const DATA_ROUTES = ['services.data-overview', 'services.data-history'];

/** The tabs of System services (spec §2: credit codes, credit history, data overview, data history…). */
export function ServicesTabs({ current }: { current: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <RouteTabs
      parent="system-services"
      current={current}
      label={t('route.system-services')}
      hidden={brand.data_feature ? [] : DATA_ROUTES}
    />
  );
}
