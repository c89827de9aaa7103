import { formatAnalog, formatCurrentLoop } from '@fleetport/contracts/format';
import type { TFunction } from 'i18next';

/** An input or output the device reported. */
export interface IoPoint {
  id: string;
  kind: string;
  value: number;
}

/** The well-formed points of a reading's list (the device's own words: anything else is left out). */
export const ioList = (value: unknown): IoPoint[] =>
  Array.isArray(value)
    ? value.filter(
        (item): item is IoPoint =>
          typeof item === 'object' &&
          item !== null &&
          typeof item.id === 'string' &&
          typeof item.value === 'number',
      )
    : [];

/** Spec §9 labels and units: digital Low/High, relay Closed/Open, analog ÷1000 V, current loop ×1000 mA. */
export function ioValue(t: TFunction, point: IoPoint): string {
  switch (point.kind) {
    case 'digital':
      return point.value ? t('device.io.high') : t('device.io.low');
    case 'relay':
      return point.value ? t('device.io.closed') : t('device.io.open');
    case 'analog':
      return formatAnalog(point.value);
    case 'current_loop':
      return formatCurrentLoop(point.value);
    default:
      return String(point.value);
  }
}
