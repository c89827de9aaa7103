import type { IdentityRemoval } from '@fleetport/contracts/device-schemas';
import { api } from '../../../shared/lib/api.ts';

/**
 * DELETE /auth-devices/{id}: an identity in no company leaves Approved Devices; its device is
 * disconnected and can no longer connect (409 while it is a device of a company).
 */
export async function removeApprovedDevice(id: number): Promise<IdentityRemoval> {
  return (await api.http.delete<{ data: IdentityRemoval }>(`/auth-devices/${id}`)).data.data;
}
