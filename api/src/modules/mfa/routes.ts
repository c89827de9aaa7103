import { enableTotpSchema, mfaStateSchema, mfaStepUpSchema, totpSetupSchema } from '@fleetport/contracts/mfa';
import type { Request, Response, Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, conflict, fieldError } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { requireRecentPassword } from '../auth/confirmation.ts';
import type { AuthContext } from '../auth/context.ts';
import { openSecret, sealSecret } from '../auth/secrets.ts';
import { brandIdOf } from '../mail/mailer.ts';
import { enableTotp, pendingTotpOf, setMfaWithoutTotp, setPendingTotpSecret } from './queries.ts';
import { enrolment, newTotpSecret, verifyTotp } from './totp.ts';

export function registerMfaRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, keys, mfa, sessions, config } = deps;

  /**
   * After a change of factor: every other session of the user ends (it was not proven with the
   * new factor) and this one rotates, carrying the proof.
   */
  const settle = async (req: Request, res: Response, auth: AuthContext, verified: boolean) => {
    await sessions.revokeOthers(auth.userId, auth.sessionId);
    await sessions.rotate(req, res, auth, { mfaVerified: verified });
  };

  const refuseWhileImpersonating = (auth: AuthContext) => {
    if (auth.actorUserId !== undefined) {
      throw new ApiError(403, [
        { code: 'FORBIDDEN', message: 'Multi-factor settings cannot be changed while impersonating.' },
      ]);
    }
  };

  registry.add(router, {
    method: 'post',
    path: '/account/mfa/totp/setup',
    summary:
      'Starts TOTP enrolment: a new secret, its otpauth:// URL and a QR code (SVG). Confirm with POST /account/mfa/totp/enable.',
    tag: 'account',
    access: { signedIn: true },
    event: 'account.mfa_setup',
    incompleteAccount: true,
    response: totpSetupSchema,
    handler: async ({ req, auth }) => {
      refuseWhileImpersonating(auth);
      const secret = newTotpSecret();
      await setPendingTotpSecret(db, auth.userId, sealSecret(keys.mfa, secret));
      // The authenticator app lists the account under the brand the user signed in through.
      const issuer = await deps.brands
        .resolve(brandIdOf(req))
        .then((brand) => brand.appName)
        .catch(() => 'Fleetport');
      // The secret is not written to the audit log.
      return { data: await enrolment(secret, issuer, auth.email), audit: { after: undefined } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/mfa/totp/enable',
    summary:
      'Enables TOTP with the first code of the app. Switching from e-mail codes asks for one first (MFA_REQUIRED).',
    tag: 'account',
    access: { signedIn: true },
    event: 'account.mfa_enable',
    incompleteAccount: true,
    body: enableTotpSchema,
    response: mfaStateSchema,
    statuses: { 403: 'MFA_REQUIRED: prove the current factor and repeat' },
    handler: async ({ req, res, auth, body }) => {
      refuseWhileImpersonating(auth);
      const user = await pendingTotpOf(db, auth.userId);
      const secret = user?.pending ? openSecret(keys.mfa, user.pending) : undefined;
      if (!secret)
        throw conflict('Start the set-up first: there is no authenticator waiting to be confirmed.');
      // The new code is checked before any step-up, so a typo does not spend the challenge.
      const step = await verifyTotp(secret, body.code.replace(/\s+/g, ''), undefined);
      if (step === undefined) {
        throw fieldError('code', 'The code is not correct. Check the time on your phone and try again.');
      }
      if (user?.mfaType) {
        await mfa.require(auth.userId, body, { purpose: 'change_mfa', brandId: brandIdOf(req) });
      }
      await enableTotp(db, auth.userId, user?.pending ?? null, step);
      await settle(req, res, auth, true);
      return { data: { mfa_type: 'totp' as const }, audit: { entity: 'mfa', after: { mfa_type: 'totp' } } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/mfa/email/enable',
    summary:
      'Enables e-mail codes. Answers MFA_REQUIRED (a code is sent, or the current TOTP is asked for); repeat with session_code and session_uuid.',
    tag: 'account',
    access: { signedIn: true },
    event: 'account.mfa_enable',
    incompleteAccount: true,
    body: mfaStepUpSchema,
    response: mfaStateSchema,
    statuses: { 403: 'MFA_REQUIRED: enter the code and repeat' },
    handler: async ({ req, res, auth, body }) => {
      refuseWhileImpersonating(auth);
      // With TOTP enrolled, switching proves the current factor; otherwise the mailbox.
      const method = auth.mfaType === 'totp' ? 'totp' : 'email';
      await mfa.require(auth.userId, body, { purpose: 'enable_email', method, brandId: brandIdOf(req) });
      await setMfaWithoutTotp(db, auth.userId, 'email');
      await settle(req, res, auth, true);
      return { data: { mfa_type: 'email' as const }, audit: { entity: 'mfa', after: { mfa_type: 'email' } } };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/account/mfa',
    summary:
      'Turns MFA off: needs a recent password confirmation (423) and the current factor (MFA_REQUIRED). Refused while MFA is required by configuration.',
    tag: 'account',
    access: { signedIn: true },
    event: 'account.mfa_disable',
    body: mfaStepUpSchema,
    response: mfaStateSchema,
    statuses: {
      403: 'MFA_REQUIRED: prove the current factor and repeat',
      409: 'MFA is required by configuration, or not enabled',
      423: 'Confirm the password first (POST /password-confirmation)',
    },
    handler: async ({ req, res, auth, body }) => {
      refuseWhileImpersonating(auth);
      if (config.MFA_REQUIRED) {
        throw conflict('Multi-factor authentication is required on this system. Switch methods instead.');
      }
      if (!auth.mfaType) throw conflict('Multi-factor authentication is not enabled.');
      requireRecentPassword(auth, config.PASSWORD_CONFIRMATION_TTL_S);
      await mfa.require(auth.userId, body, { purpose: 'disable_mfa', brandId: brandIdOf(req) });
      await setMfaWithoutTotp(db, auth.userId, null);
      await settle(req, res, auth, false);
      return { data: { mfa_type: null }, audit: { entity: 'mfa', after: { mfa_type: null } } };
    },
  });
}
