import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type MfaChallenge,
  mfaChallengeOf,
  mfaFieldsOf,
  StepUpCancelled,
  type StepUpPrompts,
  withStepUp,
} from './step-up.ts';

// shared/lib/api.ts builds the page's client from `window` at import, which node has not: the module is
// replaced by a real ApiClient over an in-memory adapter that answers POST /password-confirmation.
const passwordConfirmation = vi.hoisted(() => ({
  answers: [] as { status: number; data?: unknown }[],
  bodies: [] as unknown[],
}));

vi.mock('../lib/api.ts', async () => {
  const axios = await import('axios');
  const { ApiClient } = await import('./client.ts');
  const api = new ApiClient({
    adapter: async (config) => {
      if (config.method !== 'post' || config.url !== '/password-confirmation') {
        throw new Error(`unexpected ${config.method} ${config.url}`);
      }
      passwordConfirmation.bodies.push(JSON.parse(String(config.data)));
      const answer = passwordConfirmation.answers.shift() ?? { status: 200, data: {} };
      const response = {
        data: answer.data,
        status: answer.status,
        statusText: '',
        headers: {},
        config,
        request: {},
      };
      if (answer.status >= 400) {
        throw new axios.AxiosError('Request failed', axios.AxiosError.ERR_BAD_REQUEST, config, {}, response);
      }
      return response;
    },
  });
  return { api };
});

const requestConfig = (): InternalAxiosRequestConfig => ({ headers: new AxiosHeaders(), url: '/tags' });

/** A failed answer of the API, as axios rejects it. */
function answerError(status: number, data: unknown): AxiosError {
  const config = requestConfig();
  const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
  return new AxiosError(
    `Request failed with status code ${status}`,
    AxiosError.ERR_BAD_REQUEST,
    config,
    {},
    response,
  );
}

const mfaRequired = (meta: Record<string, unknown>) =>
  answerError(403, { errors: [{ code: 'MFA_REQUIRED', message: 'MFA required' }], meta });

describe('mfaChallengeOf', () => {
  it.each<[string, Record<string, unknown>, MfaChallenge]>([
    [
      'mfa_method totp with session_uuid',
      { mfa_method: 'totp', session_uuid: 'u-1' },
      { method: 'totp', sessionUuid: 'u-1' },
    ],
    [
      'mfa_type email with a numeric session_id',
      { mfa_type: 'email', session_id: 42 },
      { method: 'email', sessionId: '42' },
    ],
    [
      'mfa_method idp with a string session_id',
      { mfa_method: 'idp', session_id: 's-9' },
      { method: 'idp', sessionId: 's-9' },
    ],
    ['both mfa_method and mfa_type', { mfa_method: 'totp', mfa_type: 'email' }, { method: 'totp' }],
    [
      'both session_uuid and session_id',
      { mfa_method: 'email', session_uuid: 'u-2', session_id: 7 },
      { method: 'email', sessionUuid: 'u-2', sessionId: '7' },
    ],
  ])(
    '403 MFA_REQUIRED with %s — answers the challenge (spec §7 answer fields meta.mfa_method or mfa_type, session_uuid or session_id)',
    (_, meta, expected) => {
      // Arrange
      const error = mfaRequired(meta);

      // Act
      const challenge = mfaChallengeOf(error);

      // Assert
      expect(challenge).toEqual(expected);
    },
  );

  it.each<[string, unknown]>([
    ['a 403 with another code', answerError(403, { errors: [{ code: 'FORBIDDEN', message: 'No' }] })],
    ['a 403 without errors', answerError(403, { message: 'Forbidden' })],
    ['a 403 with a text body', answerError(403, 'Forbidden')],
    [
      'a 422 carrying MFA_REQUIRED',
      answerError(422, { errors: [{ code: 'MFA_REQUIRED' }], meta: { mfa_method: 'totp' } }),
    ],
    ['MFA_REQUIRED with an unknown method', mfaRequired({ mfa_method: 'sms' })],
    ['MFA_REQUIRED without a method', mfaRequired({})],
    ['a plain Error', new Error('MFA_REQUIRED')],
    ['a network failure', new AxiosError('Network Error', AxiosError.ERR_NETWORK, requestConfig())],
  ])('%s — answers undefined: not an MFA step (spec §8 MFA_REQUIRED)', (_, error) => {
    // Arrange
    const failure = error;

    // Act
    const challenge = mfaChallengeOf(failure);

    // Assert
    expect(challenge).toBeUndefined();
  });
});

describe('mfaFieldsOf', () => {
  it('challenge with session_uuid — adds session_code and session_uuid (spec §7 MFA resubmit)', () => {
    // Arrange
    const challenge: MfaChallenge = { method: 'totp', sessionUuid: 'u-1' };

    // Act
    const fields = mfaFieldsOf(challenge, '123456');

    // Assert
    expect(fields).toEqual({ session_code: '123456', session_uuid: 'u-1' });
  });

  it('challenge with session_id only — adds session_code and session_id (spec §7 MFA resubmit)', () => {
    // Arrange
    const challenge: MfaChallenge = { method: 'email', sessionId: '42' };

    // Act
    const fields = mfaFieldsOf(challenge, '654321');

    // Assert
    expect(fields).toEqual({ session_code: '654321', session_id: '42' });
  });

  it('challenge without a session — adds session_code alone (spec §7 MFA resubmit)', () => {
    // Arrange
    const challenge: MfaChallenge = { method: 'idp' };

    // Act
    const fields = mfaFieldsOf(challenge, 'idp-code');

    // Assert
    expect(fields).toEqual({ session_code: 'idp-code' });
  });
});

describe('withStepUp', () => {
  beforeEach(() => {
    passwordConfirmation.answers.length = 0;
    passwordConfirmation.bodies.length = 0;
  });

  /**
   * A user at the prompts: types the next answer each time a prompt asks (the prompt stays open
   * while its check runs; a refusal is noted and the next answer typed), cancels when out of
   * answers.
   */
  function user({ codes = [], passwords = [] }: { codes?: string[]; passwords?: string[] } = {}) {
    const refusals: string[] = [];
    const type = async <R>(answers: string[], submit: (answer: string) => Promise<R>) => {
      for (let answer = answers.shift(); answer !== undefined; answer = answers.shift()) {
        try {
          return { value: await submit(answer) };
        } catch (refusal) {
          refusals.push((refusal as Error).message);
        }
      }
      return undefined;
    };
    const prompts: StepUpPrompts = {
      code: async (_challenge, submit) => (await type(codes, submit))?.value,
      password: async (submit) => (await type(passwords, submit)) !== undefined,
    };
    vi.spyOn(prompts, 'code');
    vi.spyOn(prompts, 'password');
    return { prompts, refusals };
  }
  const noPrompts = () => user().prompts;

  it('call that succeeds — answers its result with no extra fields and no prompt (spec §4 form submit)', async () => {
    // Arrange
    const call = vi.fn(async (_extra: Record<string, string>) => 'created');
    const prompts = noPrompts();

    // Act
    const result = await withStepUp(call, prompts);

    // Assert
    expect(result).toBe('created');
    expect(call.mock.calls).toEqual([[{}]]);
    expect(prompts.code).not.toHaveBeenCalled();
    expect(prompts.password).not.toHaveBeenCalled();
  });

  it('answer demanding MFA — asks for the code and repeats the call with session_code and session_uuid (spec §4 form submit, §7 MFA resubmit)', async () => {
    // Arrange
    const call = vi
      .fn(async (_extra: Record<string, string>) => 'saved')
      .mockRejectedValueOnce(mfaRequired({ mfa_method: 'totp', session_uuid: 'u-1' }));
    const { prompts, refusals } = user({ codes: ['123456'] });

    // Act
    const result = await withStepUp(call, prompts);

    // Assert
    expect(result).toBe('saved');
    expect(prompts.code).toHaveBeenCalledExactlyOnceWith(
      { method: 'totp', sessionUuid: 'u-1' },
      expect.any(Function),
    );
    expect(refusals).toEqual([]);
    expect(call.mock.calls).toEqual([[{}], [{ session_code: '123456', session_uuid: 'u-1' }]]);
  });

  it('CONFIRMATION_FAILED after a code — the prompt stays open showing the error, and the next code repeats the call (spec §8 CONFIRMATION_FAILED)', async () => {
    // Arrange
    const call = vi
      .fn(async (_extra: Record<string, string>) => 'saved')
      .mockRejectedValueOnce(mfaRequired({ mfa_type: 'email', session_id: 5 }))
      .mockRejectedValueOnce(
        answerError(422, { errors: [{ code: 'CONFIRMATION_FAILED', message: 'Wrong code' }] }),
      );
    const { prompts, refusals } = user({ codes: ['000000', '111111'] });

    // Act
    const result = await withStepUp(call, prompts);

    // Assert
    expect(result).toBe('saved');
    expect(prompts.code).toHaveBeenCalledTimes(1);
    expect(refusals).toEqual(['Wrong code']);
    expect(call.mock.calls).toEqual([
      [{}],
      [{ session_code: '000000', session_id: '5' }],
      [{ session_code: '111111', session_id: '5' }],
    ]);
  });

  it("another failure of the repeated call — closes the code prompt and is thrown as the call's own (spec §4 form submit)", async () => {
    // Arrange
    const invalid = answerError(422, {
      errors: [{ code: 'VALIDATION', message: 'Name is taken', path: 'name' }],
    });
    const call = vi
      .fn(async (_extra: Record<string, string>) => 'saved')
      .mockRejectedValueOnce(mfaRequired({ mfa_method: 'totp', session_uuid: 'u-1' }))
      .mockRejectedValueOnce(invalid);
    const { prompts, refusals } = user({ codes: ['123456', 'unused'] });

    // Act
    const outcome = withStepUp(call, prompts);

    // Assert
    await expect(outcome).rejects.toBe(invalid);
    expect(refusals).toEqual([]);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('user cancelling the code prompt — rejects with StepUpCancelled (spec §4 form submit)', async () => {
    // Arrange
    const call = vi
      .fn(async (_extra: Record<string, string>) => 'saved')
      .mockRejectedValue(mfaRequired({ mfa_method: 'totp' }));
    const prompts = noPrompts();

    // Act
    const outcome = withStepUp(call, prompts);

    // Assert
    await expect(outcome).rejects.toBeInstanceOf(StepUpCancelled);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('CONFIRMATION_FAILED with no MFA step under way — is thrown as it is (spec §8)', async () => {
    // Arrange
    const failure = answerError(422, { errors: [{ code: 'CONFIRMATION_FAILED', message: 'Wrong code' }] });
    const call = vi.fn(async (_extra: Record<string, string>) => 'saved').mockRejectedValue(failure);
    const prompts = noPrompts();

    // Act
    const outcome = withStepUp(call, prompts);

    // Assert
    await expect(outcome).rejects.toBe(failure);
    expect(prompts.code).not.toHaveBeenCalled();
  });

  it('other error — is thrown as it is, without prompts (spec §4 form submit)', async () => {
    // Arrange
    const failure = answerError(500, { errors: [{ code: 'SERVER_ERROR', message: 'Boom' }] });
    const call = vi.fn(async (_extra: Record<string, string>) => 'saved').mockRejectedValue(failure);
    const prompts = noPrompts();

    // Act
    const outcome = withStepUp(call, prompts);

    // Assert
    await expect(outcome).rejects.toBe(failure);
    expect(call).toHaveBeenCalledTimes(1);
    expect(prompts.password).not.toHaveBeenCalled();
  });

  it('423 — asks for the password, posts it to /password-confirmation and repeats the call (spec §4 "On 423", §7 POST /password-confirmation)', async () => {
    // Arrange
    const call = vi
      .fn(async (_extra: Record<string, string>) => 'saved')
      .mockRejectedValueOnce(answerError(423, { errors: [{ code: 'PASSWORD_CONFIRMATION_REQUIRED' }] }));
    const { prompts } = user({ passwords: ['s3cret!'] });

    // Act
    const result = await withStepUp(call, prompts);

    // Assert
    expect(result).toBe('saved');
    expect(prompts.password).toHaveBeenCalledTimes(1);
    expect(passwordConfirmation.bodies).toEqual([{ password: 's3cret!' }]);
    expect(call.mock.calls).toEqual([[{}], [{}]]);
  });

  it('423 and a refused password — the prompt stays open showing the answer error message (spec §7 "The error message of the answer is shown")', async () => {
    // Arrange
    passwordConfirmation.answers.push({
      status: 422,
      data: { errors: [{ code: 'INVALID', message: 'Wrong password' }] },
    });
    const call = vi
      .fn(async (_extra: Record<string, string>) => 'saved')
      .mockRejectedValueOnce(answerError(423, {}));
    const { prompts, refusals } = user({ passwords: ['wrong', 'right'] });

    // Act
    const result = await withStepUp(call, prompts);

    // Assert
    expect(result).toBe('saved');
    expect(prompts.password).toHaveBeenCalledTimes(1);
    expect(refusals).toEqual(['Wrong password']);
    expect(passwordConfirmation.bodies).toEqual([{ password: 'wrong' }, { password: 'right' }]);
  });

  it('423 and the password prompt cancelled — rejects with StepUpCancelled without posting (spec §4 "On 423")', async () => {
    // Arrange
    const call = vi
      .fn(async (_extra: Record<string, string>) => 'saved')
      .mockRejectedValue(answerError(423, {}));
    const prompts = noPrompts();

    // Act
    const outcome = withStepUp(call, prompts);

    // Assert
    await expect(outcome).rejects.toBeInstanceOf(StepUpCancelled);
    expect(passwordConfirmation.bodies).toEqual([]);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
