import type { TotpSetup } from '@fleetport/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** POST /account/mfa/totp/setup: a new secret, its otpauth:// URL and a QR code of it. */
export async function setupTotp(): Promise<TotpSetup> {
  return (await api.http.post<{ data: TotpSetup }>('/account/mfa/totp/setup')).data.data;
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
