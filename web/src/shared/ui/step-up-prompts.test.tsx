// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MfaChallenge, withStepUp } from '../api/step-up.ts';
import { useModalControls } from '../modals/controls.ts';
import { registerModal } from '../modals/registry.ts';
import { renderHost, resetModals } from '../modals/testing.tsx';
import { stepUpPrompts } from './step-up-prompts.tsx';

afterEach(resetModals);

const totp: MfaChallenge = { method: 'totp', sessionUuid: 'u-1' };
const confirmButton = () => screen.getByTestId('step-up-confirm') as HTMLButtonElement;

/** A 403 MFA_REQUIRED answer, as the API gives it (spec §8). */
function mfaRequired(): AxiosError {
  const config = { headers: new AxiosHeaders(), url: '/account/mfa' };
  return new AxiosError(
    'Forbidden',
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status: 403,
      statusText: 'Forbidden',
      headers: {},
      config,
      data: {
        errors: [{ code: 'MFA_REQUIRED', message: 'MFA required' }],
        meta: { mfa_method: 'totp', session_uuid: 'u-1' },
      },
    },
  );
}

/** A submit that answers with what it was given. */
const echo = () => ({ submit: vi.fn(async (value: string) => value) });

describe('stepUpPrompts', () => {
  it("spec §2: 'Enter authentication code' has one required field Code and a Confirm button", async () => {
    const user = userEvent.setup();
    renderHost();
    const { submit } = echo();
    const answer = stepUpPrompts.code(totp, submit);
    const paper = await screen.findByRole('dialog', { name: 'Enter authentication code' });
    const field = within(paper).getByTestId('mfa-code');
    expect(within(paper).getByRole('textbox', { name: 'Code' })).toBe(field);
    expect(field).toHaveProperty('required', true);
    expect(within(paper).getAllByRole('textbox')).toHaveLength(1);
    await waitFor(() => expect(confirmButton().disabled).toBe(true));

    await user.type(field, '123456');
    expect(confirmButton().disabled).toBe(false);
    await user.keyboard('{Enter}');
    await expect(answer).resolves.toBe('123456');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('spec §8 CONFIRMATION_FAILED: a refused code keeps the same prompt open with the error; the next code is submitted from it', async () => {
    const user = userEvent.setup();
    renderHost();
    const tried: string[] = [];
    const answer = stepUpPrompts.code(totp, async (code) => {
      tried.push(code);
      if (code !== '222222') throw new Error('The code is not valid');
      return 'saved';
    });
    const paper = await screen.findByRole('dialog', { name: 'Enter authentication code' });
    await user.type(within(paper).getByTestId('mfa-code'), '111111{Enter}');
    expect(await within(paper).findByText('The code is not valid')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Enter authentication code' })).toBe(paper);

    await user.clear(within(paper).getByTestId('mfa-code'));
    await user.type(within(paper).getByTestId('mfa-code'), '222222{Enter}');
    await expect(answer).resolves.toBe('saved');
    expect(tried).toEqual(['111111', '222222']);
  });

  it('resolves undefined on Cancel without submitting', async () => {
    const user = userEvent.setup();
    renderHost();
    const { submit } = echo();
    const answer = stepUpPrompts.code(totp, submit);
    const paper = await screen.findByRole('dialog', { name: 'Enter authentication code' });
    await user.click(within(paper).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeUndefined();
    expect(submit).not.toHaveBeenCalled();
  });

  it('spec §8: after a 423 the password prompt has the input label Password, and stays open on a refusal', async () => {
    const user = userEvent.setup();
    renderHost();
    const tried: string[] = [];
    const answer = stepUpPrompts.password(async (password) => {
      tried.push(password);
      if (password !== 'correct horse') throw new Error('Wrong password');
    });
    const paper = await screen.findByRole('dialog', { name: 'Confirm your password' });
    const field = within(paper).getByLabelText(/^Password/);
    expect(field).toBe(screen.getByTestId('step-up-password'));
    expect(field).toHaveProperty('type', 'password');
    expect(confirmButton().disabled).toBe(true);

    await user.type(field, 'wrong');
    await user.click(confirmButton());
    expect(await within(paper).findByText('Wrong password')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'correct horse');
    await user.click(confirmButton());
    await expect(answer).resolves.toBe(true);
    expect(tried).toEqual(['wrong', 'correct horse']);
  });

  it('spec §4: a new step-up prompt replaces a pending one, which resolves as cancelled', async () => {
    renderHost();
    const first = stepUpPrompts.password(async () => undefined);
    await screen.findByRole('dialog', { name: 'Confirm your password' });
    void stepUpPrompts.code(totp, echo().submit);
    await expect(first).resolves.toBe(false);
    expect(await screen.findByRole('dialog', { name: 'Enter authentication code' })).toBeTruthy();
  });

  it('an identity-provider method slots in its own body under step-up-code-idp', async () => {
    const user = userEvent.setup();
    function IdpApproval() {
      const { setValue } = useModalControls();
      return (
        <button type="button" onClick={() => setValue('idp-token')}>
          Approved in the app
        </button>
      );
    }
    registerModal('step-up-code-idp', IdpApproval);
    renderHost();
    const answer = stepUpPrompts.code({ method: 'idp', sessionId: '5' }, echo().submit);
    const paper = await screen.findByRole('dialog', { name: 'Enter authentication code' });
    await user.click(within(paper).getByRole('button', { name: 'Approved in the app' }));
    await user.click(confirmButton());
    await expect(answer).resolves.toBe('idp-token');
  });

  it('spec §4: withStepUp asks for the code through the manager and repeats the call with it', async () => {
    const user = userEvent.setup();
    renderHost();
    const call = vi.fn(async (extra: Record<string, string>) => {
      if (!extra.session_code) throw mfaRequired();
      return 'done';
    });
    const result = withStepUp(call, stepUpPrompts);
    await user.type(await screen.findByTestId('mfa-code'), '654321{Enter}');
    await expect(result).resolves.toBe('done');
    expect(call).toHaveBeenLastCalledWith({ session_code: '654321', session_uuid: 'u-1' });
  });
});
