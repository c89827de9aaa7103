import { escapeHtml } from '@fleetport/contracts/html';
import { INVITATION_LIFETIME_S } from '@fleetport/contracts/users';
import type { MailKind, MailLocale } from './mailer.ts';

/**
 * What each e-mail tells its reader about time: how long the link or code works (how long the
 * permission lasts, for an impersonation request). The flows issue their tokens with these
 * numbers, so the text never promises more or less than the token gives.
 */
export const MAIL_LIFETIMES_S = {
  verify_email: 24 * 3600,
  reset_password: 3600,
  mfa_code: 600,
  impersonation_request: 24 * 3600,
  user_invitation: INVITATION_LIFETIME_S,
  company_invitation: INVITATION_LIFETIME_S,
} as const satisfies Record<MailKind, number>;

interface Template {
  subject: string;
  /** Paragraphs; `{name}` is a value. `{link}` becomes an anchor in the HTML part. */
  paragraphs: string[];
}

/** The e-mails are the one user-visible text of the API: English and Japanese. */
const TEMPLATES: Record<MailLocale, Record<MailKind | 'footer', Template>> = {
  en: {
    verify_email: {
      subject: 'Confirm your e-mail address for {app}',
      paragraphs: [
        'Hello,',
        'Please confirm that this address belongs to your {app} account by opening this link:',
        '{link}',
        'The link works once and expires in {lifetime}. If you did not expect this message, you can ignore it.',
      ],
    },
    reset_password: {
      subject: 'Reset your {app} password',
      paragraphs: [
        'Hello,',
        'We received a request to reset the password of your {app} account. To choose a new password, open this link:',
        '{link}',
        'The link works once and expires in {lifetime}. If you did not ask for it, ignore this message: your password stays as it is.',
      ],
    },
    mfa_code: {
      subject: 'Your {app} verification code',
      paragraphs: [
        'Hello,',
        'Your verification code is {code}. It expires in {lifetime}.',
        'If you did not try to sign in to {app}, change your password.',
      ],
    },
    impersonation_request: {
      subject: '{requester} asks to sign in to {app} as you',
      paragraphs: [
        'Hello,',
        '{requester} asks to sign in as you on {app}, to help with your account. Open {link} to allow it for {lifetime}.',
        'If you do not expect this, ignore this message: nothing changes unless you allow it.',
      ],
    },
    user_invitation: {
      subject: '{inviter} invites you to {app}',
      paragraphs: [
        'Hello,',
        '{inviter} invites you to join {company_name} on {app} as {role}. To accept, choose your name and password here:',
        '{link}',
        'The link works once and expires in {lifetime}. If you did not expect this invitation, you can ignore it.',
      ],
    },
    company_invitation: {
      subject: '{inviter} invites your company to {app}',
      paragraphs: [
        'Hello,',
        '{inviter} of {company_name} invites you to manage your own company on {app}, under {company_name}. To accept, name your company and choose your name and password here:',
        '{link}',
        'The link works once and expires in {lifetime}. If you did not expect this invitation, you can ignore it.',
      ],
    },
    footer: {
      subject: '',
      paragraphs: ['This message was sent by {app} ({company}). Please do not reply to it.'],
    },
  },
  ja: {
    verify_email: {
      subject: '{app}：メールアドレスの確認',
      paragraphs: [
        'こんにちは。',
        '{app} アカウントのメールアドレスを確認するため、次のリンクを開いてください。',
        '{link}',
        'このリンクは一度だけ使え、{lifetime}で期限切れになります。心当たりがない場合は、このメールを無視してください。',
      ],
    },
    reset_password: {
      subject: '{app}：パスワードの再設定',
      paragraphs: [
        'こんにちは。',
        '{app} アカウントのパスワード再設定のご依頼を受け付けました。新しいパスワードを設定するには、次のリンクを開いてください。',
        '{link}',
        'このリンクは一度だけ使え、{lifetime}で期限切れになります。心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
      ],
    },
    mfa_code: {
      subject: '{app}：確認コード',
      paragraphs: [
        'こんにちは。',
        '確認コードは {code} です。有効期限は{lifetime}です。',
        '{app} にサインインしようとした覚えがない場合は、パスワードを変更してください。',
      ],
    },
    impersonation_request: {
      subject: '{app}：{requester} があなたとしてのサインインを求めています',
      paragraphs: [
        'こんにちは。',
        '{requester} が、アカウントのサポートのため、あなたとして {app} にサインインすることを求めています。{link} を開くと、{lifetime}のあいだ許可されます。',
        '心当たりがない場合は、このメールを無視してください。許可しない限り、何も変わりません。',
      ],
    },
    user_invitation: {
      subject: '{app}：{inviter} からの招待',
      paragraphs: [
        'こんにちは。',
        '{inviter} が、{app} の {company_name} に {role} として参加するようあなたを招待しています。招待を受けるには、次のリンクで名前とパスワードを設定してください。',
        '{link}',
        'このリンクは一度だけ使え、{lifetime}で期限切れになります。心当たりがない場合は、このメールを無視してください。',
      ],
    },
    company_invitation: {
      subject: '{app}：{inviter} からの会社の招待',
      paragraphs: [
        'こんにちは。',
        '{company_name} の {inviter} が、{app} で {company_name} の下にあなたの会社を作り、管理するよう招待しています。招待を受けるには、次のリンクで会社名、名前、パスワードを設定してください。',
        '{link}',
        'このリンクは一度だけ使え、{lifetime}で期限切れになります。心当たりがない場合は、このメールを無視してください。',
      ],
    },
    footer: {
      subject: '',
      paragraphs: ['このメールは {app}（{company}）から送信されました。このメールには返信できません。'],
    },
  },
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** "7 days", "24 hours", "10 minutes", "7日", "24時間", "10分". */
export function formatLifetime(seconds: number, locale: MailLocale): string {
  const days = seconds % 86_400 === 0 && seconds > 86_400 ? seconds / 86_400 : undefined;
  if (days !== undefined) return locale === 'ja' ? `${days}日` : `${days} days`;
  const hours = seconds % 3600 === 0 ? seconds / 3600 : undefined;
  const minutes = Math.round(seconds / 60);
  if (locale === 'ja') return hours === undefined ? `${minutes}分` : `${hours}時間`;
  if (hours !== undefined) return hours === 1 ? '1 hour' : `${hours} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function fill(text: string, replace: (name: string) => string): string {
  return text.replace(/\{(\w+)\}/g, (_match, name: string) => replace(name));
}

/**
 * Renders an e-mail: subject, plain text and simple HTML. Every value is HTML-escaped in the
 * HTML part; a value the template needs but was not given is a programming error.
 */
export function renderMail(kind: MailKind, locale: MailLocale, values: Record<string, string>): RenderedMail {
  const template = TEMPLATES[locale][kind];
  const footer = TEMPLATES[locale].footer;
  const all: Record<string, string> = {
    ...values,
    lifetime: formatLifetime(MAIL_LIFETIMES_S[kind], locale),
  };
  const value = (name: string): string => {
    const found = all[name];
    if (found === undefined) throw new Error(`The ${kind} e-mail needs the value "${name}".`);
    return found;
  };
  // A header line: values cannot add lines to it.
  const subject = fill(template.subject, (name) => value(name).replace(/[\r\n]+/g, ' '));
  const paragraphs = [...template.paragraphs, ...footer.paragraphs];
  const text = `${paragraphs.map((paragraph) => fill(paragraph, value)).join('\n\n')}\n`;
  const htmlValue = (name: string): string => {
    const escaped = escapeHtml(value(name));
    return name === 'link' ? `<a href="${escaped}">${escaped}</a>` : escaped;
  };
  const body = template.paragraphs.map((paragraph) => `<p>${fill(escapeHtml(paragraph), htmlValue)}</p>`);
  const small = footer.paragraphs.map(
    (paragraph) => `<p style="color:#666;font-size:12px">${fill(escapeHtml(paragraph), htmlValue)}</p>`,
  );
  const html = [
    '<!doctype html>',
    `<html lang="${locale}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;max-width:600px">',
    ...body,
    '<hr>',
    ...small,
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text, html };
}
