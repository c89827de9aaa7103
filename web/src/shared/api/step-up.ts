import axios from 'axios';
import { api } from '../lib/api.ts';
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
  /**
   * Asks for the MFA code and hands each one typed to `submit` while the prompt stays open: a
   * throw keeps it open showing the message (a wrong code), a value closes it and is returned.
   * Undefined when the user cancels.
   */
  code: <R>(challenge: MfaChallenge, submit: (code: string) => Promise<R>) => Promise<R | undefined>;
  /** The same for the password after a 423 (spec §6): false when the user cancels. */
  password: (submit: (password: string) => Promise<void>) => Promise<boolean>;
}

export class StepUpCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** A refusal the prompt shows while it stays open. */
class PromptRefusal extends Error {}

/**
 * Runs a write through the re-confirmations of spec §4 "Form submit": 423 → password prompt,
 * POST /password-confirmation, repeat; MFA_REQUIRED → code prompt, repeat with the MFA fields.
 * Each prompt stays open while its check runs: a wrong password or CONFIRMATION_FAILED (spec §8)
 * shows on it, and the user tries again or cancels. Other failures are thrown.
 */
export async function withStepUp<T>(
  call: (extra: Record<string, string>) => Promise<T>,
  prompts: StepUpPrompts,
): Promise<T> {
  let extra: Record<string, string> = {};
  let failed: { error: unknown } | undefined;
  for (;;) {
    let error: unknown;
    if (failed) {
      error = failed.error;
      failed = undefined;
    } else {
      try {
        return await call(extra);
      } catch (thrown) {
        error = thrown;
      }
    }
    if (axios.isAxiosError(error) && error.response?.status === 423) {
      const confirmed = await prompts.password(async (password) => {
        try {
          await api.http.post('/password-confirmation', { password });
        } catch (failure) {
          throw new PromptRefusal(firstErrorItem(failure)?.message ?? String(failure));
        }
      });
      if (!confirmed) throw new StepUpCancelled();
      continue;
    }
    const challenge = mfaChallengeOf(error);
    if (!challenge) throw error;
    const outcome = await prompts.code(
      challenge,
      async (code): Promise<{ value: T } | { failure: unknown }> => {
        const fields = mfaFieldsOf(challenge, code);
        try {
          return { value: await call(fields) };
        } catch (failure) {
          const item = firstErrorItem(failure);
          if (item?.code === 'CONFIRMATION_FAILED') throw new PromptRefusal(item.message);
          // Anything else closes the prompt and is handled as the call's own failure.
          extra = fields;
          return { failure };
        }
      },
    );
    if (outcome === undefined) throw new StepUpCancelled();
    if ('value' in outcome) return outcome.value;
    failed = { error: outcome.failure };
  }
}
