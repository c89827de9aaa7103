import { DeviceList } from './DeviceList.tsx';

/**
 * /management/devices (spec §2): the devices the user sees, paged, sorted and filtered
 * by the server with the filters above the grid; statuses change live; the CSV export streams
 * every matching device; bulk actions on the selection or on every matching device; add devices
 * by form, file or list.
 */
export default function DevicesPage() {
  return <DeviceList />;
}
