import { useMemo } from 'react';
import { CompanyTabFrame } from '../companies/CompanyTabFrame.tsx';
import { DeviceList } from './DeviceList.tsx';

/** /companies/{company_id}/devices (spec §2: the company page's default tab): the company's own devices. */
export default function CompanyDevicesPage() {
  return (
    <CompanyTabFrame tab="company.devices">
      {(company) => <CompanyDevices companyId={company.id} />}
    </CompanyTabFrame>
  );
}

function CompanyDevices({ companyId }: { companyId: number }) {
  const scope = useMemo(() => ({ company_id: companyId }), [companyId]);
  return <DeviceList scope={scope} />;
}
