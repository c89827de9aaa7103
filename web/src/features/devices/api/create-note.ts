import type { NewDeviceNote } from '@fleetport/contracts/device-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/** POST /devices/{id}/notes: a note on the device (spec §2 "New note"). */
export async function createNote(deviceId: number, body: string): Promise<NewDeviceNote> {
  return (await api.http.post<{ data: NewDeviceNote }>(`/devices/${deviceId}/notes`, { body })).data.data;
}

/** Creates the note, then the device's entries (its activity) load again before the promise settles. */
export function useCreateNote(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createNote(deviceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKey(deviceId) }),
  });
}
