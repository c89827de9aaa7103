import axios from 'axios';
import { api } from '../../lib/api.ts';
import { firstErrorItem } from './messages.ts';

/** Spec §3 "MFA metadata" of a 403 MFA_REQUIRED answer. */
export interface MfaChallenge {
  method: 'totp' | 'email' | 'idp';
  sessionUuid?: string;
  sessionId?: string;
}

/** The MFA challenge of an answer demanding MFA (spec §8 MFA_REQUIRED), else undefined. */
export function mfaChallengeOf(error: unknown): MfaChallenge | undefined {
  if (!axios.isAxiosError(error) || error.response?.status !== 403) return undefined;
  const body = (error.response.data ?? {}) as {
    errors?: { code?: string }[];
    meta?: { mfa_method?: string; mfa_type?: string; session_uuid?: string; session_id?: string | number };
  };
  if (body.errors?.[0]?.code !== 'MFA_REQUIRED') return undefined;
  const method = body.meta?.mfa_method ?? body.meta?.mfa_type;
  if (method !== 'totp' && method !== 'email' && method !== 'idp') return undefined;
  return {
    method,
    ...(body.meta?.session_uuid ? { sessionUuid: body.meta.session_uuid } : {}),
    ...(body.meta?.session_id !== undefined ? { sessionId: String(body.meta.session_id) } : {}),
  };
}

/** The fields a repeated call adds after MFA (spec §7 "MFA resubmit"). */
export function mfaFieldsOf(challenge: MfaChallenge, code: string): Record<string, string> {
  return {
    session_code: code,
    ...(challenge.sessionUuid ? { session_uuid: challenge.sessionUuid } : {}),
    ...(challenge.sessionId && !challenge.sessionUuid ? { session_id: challenge.sessionId } : {}),
  };
}

export interface StepUpPrompts {
  /** Asks for the MFA code; undefined when the user cancels. `error` is the last refusal. */
  code: (challenge: MfaChallenge, error?: string) => Promise<string | undefined>;
  /** Asks for the password after a 423 (spec §6); undefined when the user cancels. */
  password: (error?: string) => Promise<string | undefined>;
}

export class StepUpCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/**
 * Runs a write through the re-confirmations of spec §4 "Form submit": 423 → password prompt,
 * POST /password-confirmation, repeat; MFA_REQUIRED → code prompt, repeat with the MFA fields
 * (CONFIRMATION_FAILED keeps the code prompt open with its error). Other failures are thrown.
 */
export async function withStepUp<T>(
  call: (extra: Record<string, string>) => Promise<T>,
  prompts: StepUpPrompts,
): Promise<T> {
  let extra: Record<string, string> = {};
  let challenge: MfaChallenge | undefined;
  let codeError: string | undefined;
  for (;;) {
    try {
      return await call(extra);
    } catch (error) {
      if (axios.isAxiosError(error) && error.response?.status === 423) {
        let passwordError: string | undefined;
        for (;;) {
          const password = await prompts.password(passwordError);
          if (password === undefined) throw new StepUpCancelled();
          try {
            await api.http.post('/password-confirmation', { password });
            break;
          } catch (failure) {
            passwordError = firstErrorItem(failure)?.message ?? String(failure);
          }
        }
        continue;
      }
      const next = mfaChallengeOf(error);
      const item = firstErrorItem(error);
      if (next) {
        challenge = next;
        codeError = undefined;
      } else if (challenge && item?.code === 'CONFIRMATION_FAILED') {
        codeError = item.message;
      } else throw error;
      const code = await prompts.code(challenge, codeError);
      if (code === undefined) throw new StepUpCancelled();
      extra = mfaFieldsOf(challenge, code);
    }
  }
}
