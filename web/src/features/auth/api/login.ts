import type { Login, LoginAnswer } from '@fleetport/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** POST /account/login; repeated with the step-up fields after MFA_REQUIRED (spec §7). */
export async function login(input: Login): Promise<LoginAnswer> {
  return (await api.http.post<{ data: LoginAnswer }>('/account/login', input)).data.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
