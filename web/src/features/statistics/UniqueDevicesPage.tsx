import { ActivityTable } from './ActivityTable.tsx';

/** /statistics/unique-devices (spec §2 Statistics): the devices that connected each day of the last 30. */
export default function UniqueDevicesPage() {
  return <ActivityTable by="day" periods={30} tab="statistics.unique-devices" />;
}
