import type { GeneratedPasswords } from '@fleetport/contracts/device-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** POST /devices/passwords/generate: `count` generated device passwords (spec §9: 16 characters). */
export async function generatePasswords(count: number): Promise<string[]> {
  const answer = await api.http.post<{ data: GeneratedPasswords }>('/devices/passwords/generate', { count });
  return answer.data.data.passwords;
}

export function useGeneratePasswords() {
  return useMutation({ mutationFn: generatePasswords });
}
