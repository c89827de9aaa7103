import { api } from '../../../shared/lib/api.ts';

export interface LoginInput {
  email: string;
  password: string;
  session_code?: string;
  session_uuid?: string;
  session_id?: string;
}

export async function login(input: LoginInput): Promise<void> {
  await api.http.post('/account/login', input);
}
