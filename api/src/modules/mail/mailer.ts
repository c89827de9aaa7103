import type { Request } from 'express';
import type { Logger } from 'pino';
import type { ApiConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { BrandDirectory } from './brands.ts';
import { renderMail } from './templates.ts';
import { type MailTransport, OutboxTransport, SmtpTransport } from './transports.ts';

export type MailKind =
  | 'verify_email'
  | 'reset_password'
  | 'mfa_code'
  | 'impersonation_request'
  | 'user_invitation'
  | 'company_invitation';
export type MailLocale = 'en' | 'ja';

export interface MailRequest {
  to: string;
  kind: MailKind;
  /** Default 'en'. */
  locale?: MailLocale;
  /** The x-fleetport-brand the request came through; unknown/absent → the default brand. */
  brandId?: string | undefined;
  /** E.g. `/account/reset-password?token=…`; made absolute with the brand's public_base_url. */
  linkPath?: string;
  /** Template values, e.g. `{ code: '123456', requester: 'admin@acme.example' }`. */
  values?: Record<string, string>;
}

export interface Mailer {
  send(request: MailRequest): Promise<void>;
}

/** The brand the edge resolved for a request (it always sets the header; only it may). */
const BRAND_HEADER = 'x-fleetport-brand';
const BRAND_ID = /^[a-z0-9-]{1,64}$/;

/** The brand id a request came through, for the links of the e-mails it causes. */
export function brandIdOf(req: Request): string | undefined {
  const value = req.get(BRAND_HEADER);
  return value !== undefined && BRAND_ID.test(value) ? value : undefined;
}

/** Joins a brand's base URL and a path of ours; anything else is a programming error. */
export function absoluteLink(baseUrl: string, linkPath: string): string {
  if (!linkPath.startsWith('/') || linkPath.startsWith('//')) {
    throw new Error(`A mail link path must start with one slash: ${linkPath}`);
  }
  const link = new URL(`${baseUrl}${linkPath}`);
  if (link.origin !== new URL(baseUrl).origin) throw new Error(`A mail link left its brand: ${linkPath}`);
  return link.toString();
}

/**
 * Renders an e-mail in the recipient's language for the brand the request came through (its
 * app name signs the mail, its public_base_url starts every link) and hands it to a transport.
 */
export class BrandedMailer implements Mailer {
  private readonly brands: BrandDirectory;
  private readonly transport: MailTransport;
  private readonly fromAddress: string;

  constructor(options: { brands: BrandDirectory; transport: MailTransport; fromAddress: string }) {
    this.brands = options.brands;
    this.transport = options.transport;
    this.fromAddress = options.fromAddress;
  }

  async send(request: MailRequest): Promise<void> {
    const brand = await this.brands.resolve(request.brandId);
    const locale = request.locale ?? 'en';
    const link =
      request.linkPath === undefined ? undefined : absoluteLink(brand.publicBaseUrl, request.linkPath);
    // Ours last: a caller's values cannot replace the brand or the link.
    const values: Record<string, string> = {
      ...request.values,
      app: brand.appName,
      company: brand.companyName,
      ...(link === undefined ? {} : { link }),
    };
    const rendered = renderMail(request.kind, locale, values);
    await this.transport.deliver({
      to: request.to,
      from: { name: brand.appName, address: this.fromAddress },
      kind: request.kind,
      locale,
      brandId: brand.id,
      ...rendered,
      link,
      code: request.kind === 'mfa_code' ? request.values?.code : undefined,
    });
  }
}

/** The outbox by default; SMTP when SMTP_URL is set. */
export function createMailer(config: ApiConfig, db: Db, log: Logger, shared?: BrandDirectory): Mailer {
  const mailLog = log.child({ component: 'mail' });
  const transport = config.SMTP_URL
    ? new SmtpTransport(config.SMTP_URL, mailLog)
    : new OutboxTransport(db, mailLog, { logSecrets: config.NODE_ENV !== 'production' });
  if (!config.SMTP_URL && config.NODE_ENV === 'production') {
    log.warn('SMTP_URL is not set: e-mail is kept in the mail_outbox table and never delivered');
  }
  const brands = shared ?? new BrandDirectory(config.BRANDS_DIR, mailLog);
  // Read now, so a broken brands folder shows in the start-up log rather than at the first mail.
  brands
    .resolve(undefined)
    .catch((error: unknown) => mailLog.error({ err: error }, 'no brand for e-mail links'));
  return new BrandedMailer({
    brands,
    transport,
    fromAddress: config.MAIL_FROM,
  });
}
