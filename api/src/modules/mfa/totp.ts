import { generateSecret, generateURI, verify } from 'otplib/functional';
import QRCode from 'qrcode';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 s. */
const PERIOD_S = 30;
/** One step either side: a phone clock a little off, or a code typed as it rolled over. */
const TOLERANCE_S = PERIOD_S;

export const newTotpSecret = (): string => generateSecret();

export interface TotpEnrolment {
  secret: string;
  otpauth_url: string;
  /** The otpauth URL as an SVG QR code, for `<img src="data:image/svg+xml;...">`. */
  qr_svg: string;
}

export async function enrolment(secret: string, issuer: string, account: string): Promise<TotpEnrolment> {
  const url = generateURI({ issuer, label: account, secret, period: PERIOD_S });
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_url: url, qr_svg: svg };
}

/**
 * Checks a code; returns its time step, or undefined. A code whose step is not after
 * `lastStep` is refused: each code works once (the caller stores the step it gets back).
 */
export async function verifyTotp(
  secret: string,
  code: string,
  lastStep: number | null | undefined,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const result = await verify({
      secret,
      token: code,
      period: PERIOD_S,
      epochTolerance: TOLERANCE_S,
      ...(lastStep == null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}
