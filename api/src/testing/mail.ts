import type { ApiFixture } from './fixtures.ts';

/** One e-mail as GET /api/testing/outbox lists it. */
export interface CapturedMail {
  id: number;
  to: string;
  from: string;
  kind: string;
  locale: string;
  brand_id: string;
  subject: string;
  text: string;
  html: string;
  link: string | null;
  created_at: string;
}

/** The outbox, newest first, read the way a developer or an end-to-end test reads it. */
export async function outbox(fx: ApiFixture, to?: string): Promise<CapturedMail[]> {
  const answer = await fx.client().get(`/api/testing/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  if (answer.status !== 200) throw new Error(`outbox: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as CapturedMail[];
}

/** Asks `find` until it finds something (some flows send after they answer). */
async function poll<T>(find: () => Promise<T | undefined>, what: string, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits for a mail of `kind` to `to` newer than `after` (an outbox id): a password reset
 * request answers before it looks the account up and mails.
 */
export function waitForMail(
  fx: ApiFixture,
  to: string,
  kind: string,
  after = 0,
  timeoutMs = 5000,
): Promise<CapturedMail> {
  return poll(
    async () => (await outbox(fx, to)).find((mail) => mail.kind === kind && mail.id > after),
    `${kind} e-mail to ${to}`,
    timeoutMs,
  );
}

/** The newest mail to `to` (waiting for the first one to arrive). */
export function latestMail(fx: ApiFixture, to: string, timeoutMs = 5000): Promise<CapturedMail> {
  return poll(async () => (await outbox(fx, to))[0], `e-mail to ${to}`, timeoutMs);
}

/** The newest outbox id (0 when empty): "mails after this point". */
export async function lastMailId(fx: ApiFixture): Promise<number> {
  return (await outbox(fx))[0]?.id ?? 0;
}

/** The token of a mailed link (`…?token=…`). */
export function tokenOf(mail: CapturedMail): string {
  const token = mail.link ? new URL(mail.link).searchParams.get('token') : null;
  if (!token) throw new Error(`the ${mail.kind} e-mail has no token link`);
  return token;
}
