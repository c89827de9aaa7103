import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { capable } from './device-parts.tsx';

/** The features each tab needs (any one of them); a device without them has no such tab. */
const TAB_FEATURES: Record<string, readonly string[]> = {
  'device.location': ['gps'],
  'device.metrics.dynamic': ['mobile'],
  'device.metrics.mobile-data': ['mobile'],
  'device.metrics.io': ['io'],
  'device.metrics.gps': ['gps'],
  'device.data-usage': ['data_usage'],
  'device.services': ['wifi', 'hotspot', 'ddns', 'l2tp'],
};

/**
 * The capabilities derived from model and firmware decide which tabs show. A tab opened
 * by its address anyway (a link, a bookmark) shows 'not available for this device'.
 */
export function tabsWithout(device: DeviceDetail): string[] {
  return Object.entries(TAB_FEATURES)
    .filter(([, features]) => !features.some((feature) => capable(device, feature)))
    .map(([name]) => name);
}
