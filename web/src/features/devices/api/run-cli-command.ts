import { api } from '../../../shared/lib/api.ts';

/** POST /devices/{id}/cli: a command for the device's shell; its answer comes on the returned channel. */
export async function runCliCommand(deviceId: number, command: string): Promise<string | undefined> {
  const answer = await api.http.post<{ meta?: { channel?: string } }>(`/devices/${deviceId}/cli`, {
    command,
  });
  return answer.data.meta?.channel;
}
