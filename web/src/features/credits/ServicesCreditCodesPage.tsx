import { CreditCodesList } from './CreditCodesList.tsx';
import { ServicesTabs } from './ServicesTabs.tsx';

/** System services → Credit codes (super admins): every code, from every company. */
export default function ServicesCreditCodesPage() {
  return (
    <>
      <ServicesTabs current="services.credit-codes" />
      <CreditCodesList />
    </>
  );
}
