import { useMemo } from 'react';
import { DeviceList } from '../../../features/devices/DeviceList.tsx';
import { CompanyFrame } from './CompanyFrame.tsx';

/** /companies/{company_id}/devices (spec §2: the company page's default tab): the company's own devices. */
export default function CompanyDevicesPage() {
  return (
    <CompanyFrame tab="company.devices">
      {(company) => <CompanyDevices companyId={company.id} />}
    </CompanyFrame>
  );
}

function CompanyDevices({ companyId }: { companyId: number }) {
  const scope = useMemo(() => ({ company_id: companyId }), [companyId]);
  return <DeviceList scope={scope} />;
}
