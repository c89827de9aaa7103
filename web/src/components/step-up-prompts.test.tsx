// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MfaChallenge, withStepUp } from '../shared/api/step-up.ts';
import { useModalControls } from '../shared/modals/controls.ts';
import { registerModal } from '../shared/modals/registry.ts';
import { renderHost, resetModals } from '../shared/modals/testing.tsx';
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

describe('stepUpPrompts', () => {
  it("spec §2: 'Enter authentication code' has one required field Code and a Confirm button", async () => {
    const user = userEvent.setup();
    renderHost();
    const answer = stepUpPrompts.code(totp);
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
  });

  it('shows the last refusal on the code field, and resolves undefined on Cancel', async () => {
    const user = userEvent.setup();
    renderHost();
    const answer = stepUpPrompts.code(totp, 'The code is not valid');
    const paper = await screen.findByRole('dialog', { name: 'Enter authentication code' });
    expect(within(paper).getByText('The code is not valid')).toBeTruthy();
    await user.click(within(paper).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeUndefined();
  });

  it('spec §8: after a 423 the password prompt has the input label Password', async () => {
    const user = userEvent.setup();
    renderHost();
    const answer = stepUpPrompts.password('Wrong password');
    const paper = await screen.findByRole('dialog', { name: 'Confirm your password' });
    const field = within(paper).getByLabelText(/^Password/);
    expect(field).toBe(screen.getByTestId('step-up-password'));
    expect(field).toHaveProperty('type', 'password');
    expect(within(paper).getByText('Wrong password')).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);

    await user.type(field, 'correct horse');
    await user.click(confirmButton());
    await expect(answer).resolves.toBe('correct horse');
  });

  it('spec §4: a new step-up prompt replaces a pending one, which resolves undefined', async () => {
    renderHost();
    const first = stepUpPrompts.password();
    await screen.findByRole('dialog', { name: 'Confirm your password' });
    void stepUpPrompts.code(totp);
    await expect(first).resolves.toBeUndefined();
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
    const answer = stepUpPrompts.code({ method: 'idp', sessionId: '5' });
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
