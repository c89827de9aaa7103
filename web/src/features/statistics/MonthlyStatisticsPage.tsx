import { ActivityTable } from './ActivityTable.tsx';

/** /statistics/months-stats (spec §2 Statistics): the last 12 months. */
export default function MonthlyStatisticsPage() {
  return <ActivityTable by="month" periods={12} tab="statistics.months-stats" />;
}
