import type { TelemetryPoint } from '@fleetport/contracts/device-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/** The periods a device's readings are asked over. */
export const PERIODS = ['1h', '24h', '7d', '30d'] as const;
export type Period = (typeof PERIODS)[number];

/** GET /devices/{id}/telemetry: the readings of one monitoring category over a period, oldest first. */
export async function fetchDeviceTelemetry(
  deviceId: number,
  category: string,
  period: Period,
  signal?: AbortSignal,
): Promise<TelemetryPoint[]> {
  return (
    await api.http.get<{ data: TelemetryPoint[] }>(`/devices/${deviceId}/telemetry`, {
      params: { category, period },
      signal,
    })
  ).data.data;
}

export const deviceTelemetryQuery = (deviceId: number, category: string, period: Period) =>
  queryOptions({
    queryKey: [...deviceKey(deviceId), 'telemetry', category, period],
    staleTime: 30_000,
    queryFn: ({ signal }) => fetchDeviceTelemetry(deviceId, category, period, signal),
  });

export function useDeviceTelemetry(deviceId: number, category: string, period: Period) {
  return useQuery(deviceTelemetryQuery(deviceId, category, period));
}
