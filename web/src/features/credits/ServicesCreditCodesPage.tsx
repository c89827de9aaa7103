import { ServicesTabs } from '../../shared/routing/ServicesTabs.tsx';
import { CreditCodesList } from './CreditCodesList.tsx';

/** System services → Credit codes (super admins): every code, from every company. */
export default function ServicesCreditCodesPage() {
  return (
    <>
      <ServicesTabs current="services.credit-codes" />
      <CreditCodesList />
    </>
  );
}
