import { lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { MailKind, MailLocale } from './mailer.ts';

/** A rendered e-mail, ready for a transport. */
export interface OutgoingMail {
  to: string;
  from: { name: string; address: string };
  kind: MailKind;
  locale: MailLocale;
  brandId: string;
  subject: string;
  text: string;
  html: string;
  link: string | undefined;
  /** The one-time code of an mfa_code mail (shown in development logs only). */
  code: string | undefined;
}

export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
}

/** How long the outbox keeps a message: it is a developer's inbox, not an archive. */
const OUTBOX_RETENTION = sql`now() - interval '7 days'`;

/**
 * The default transport: each message is stored in `mail_outbox` (read through
 * GET /api/testing/outbox outside production) and printed to the log. Links and codes are
 * credentials, so they are logged only outside production.
 */
export class OutboxTransport implements MailTransport {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly logSecrets: boolean;

  constructor(db: Db, log: Logger, options: { logSecrets: boolean }) {
    this.db = db;
    this.log = log;
    this.logSecrets = options.logSecrets;
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    await this.db.insert(mailOutbox).values({
      recipient: mail.to,
      sender: `${mail.from.name} <${mail.from.address}>`,
      kind: mail.kind,
      locale: mail.locale,
      brandId: mail.brandId,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html,
      link: mail.link ?? null,
    });
    await this.db.delete(mailOutbox).where(lt(mailOutbox.createdAt, OUTBOX_RETENTION));
    this.log.info(
      {
        mail: {
          to: mail.to,
          kind: mail.kind,
          subject: mail.subject,
          ...(this.logSecrets && mail.link ? { link: mail.link } : {}),
          ...(this.logSecrets && mail.code ? { code: mail.code } : {}),
        },
      },
      'e-mail captured in the outbox',
    );
  }
}

/** SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`): real delivery through nodemailer. */
export class SmtpTransport implements MailTransport {
  private readonly transporter: ReturnType<typeof nodemailer.createTransport>;
  private readonly log: Logger;

  constructor(url: string, log: Logger) {
    this.transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    this.log = log;
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    const info = await this.transporter.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    this.log.info(
      { mail: { to: mail.to, kind: mail.kind, subject: mail.subject, messageId: info.messageId } },
      'e-mail sent',
    );
  }
}
