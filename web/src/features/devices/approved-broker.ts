import type { IdentityImport } from '@fleetport/contracts/device-schemas';
import type { TFunction } from 'i18next';

/**
 * What an import's answer says of the Mosquitto broker Fleetport provisions (MQTT_DYNSEC), in
 * sentences: how many devices it gave their access, could not (to import again later), or was
 * still giving when the answer came. Nothing when there is no such broker or nothing was sent.
 */
export function brokerOutcome(
  broker: IdentityImport['broker'],
  t: TFunction,
): { text: string; complete: boolean } | undefined {
  if (!broker) return undefined;
  const { provisioned, failed, pending } = broker;
  if (provisioned + failed + pending === 0) return undefined;
  const parts = [
    provisioned > 0 ? t('device.approved.broker.given', { count: provisioned }) : '',
    failed > 0 ? t('device.approved.broker.failed', { count: failed }) : '',
    pending > 0 ? t('device.approved.broker.pending', { count: pending }) : '',
  ];
  return { text: parts.filter(Boolean).join(' '), complete: failed + pending === 0 };
}
