import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_H,
} from '@fleetport/contracts/idempotency';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import { ApiError, validationFailed } from './errors.ts';

/**
 * A write applied once however often it is sent: a signed-in write that carries an
 * `Idempotency-Key` header is recorded under the caller and the key. The same key sent again
 * within 24 hours gets the first answer back (`Idempotent-Replayed: true`) without the write
 * running again; a second copy that arrives while the first still runs waits for its answer,
 * on any API replica, since the record lives in the store.
 *
 * Only successful answers are kept. A refused write (401 before a token refresh, 423 before
 * the password, MFA_REQUIRED before the code, a 422) changed nothing, so the console repeats it
 * with the same key and it runs. A record whose request died with its process is taken over
 * after STALE_AFTER.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEEP = `interval '${IDEMPOTENCY_KEY_TTL_H} hours'`;
const STALE_AFTER = "interval '2 minutes'";
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface IdempotencyOptions {
  database: Database;
  log: Logger;
  /** How long a copy waits for the first request's answer before it is told to try later. */
  waitMs?: number;
  pollMs?: number;
}

interface Recorded {
  fingerprint: string;
  status: number | null;
  response: unknown;
  expired: boolean;
  stale: boolean;
}

const inProgress = () =>
  new ApiError(
    409,
    [
      {
        code: 'IDEMPOTENCY_IN_PROGRESS',
        message: 'The same request is still being processed. Try again in a moment.',
      },
    ],
    { retry_after: 1 },
  );

export function idempotency(options: IdempotencyOptions) {
  const { database, log } = options;
  const waitMs = options.waitMs ?? 25_000;
  const pollMs = options.pollMs ?? 100;
  let lastPrune = 0;

  const prune = () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    database
      .query(`DELETE FROM idempotency_keys WHERE created_at < now() - ${KEEP}`)
      .catch((error: unknown) => log.warn({ err: error }, 'idempotency keys not pruned'));
  };

  /** Takes the key for this request (true), or finds the first request's record. */
  const claim = async (userId: number, key: string, fingerprint: string): Promise<true | Recorded> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const inserted = await database.query(
        `INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING 1`,
        [userId, key, fingerprint],
      );
      if (inserted.length > 0) return true;
      const [row] = await database.query<Recorded>(
        `SELECT fingerprint, status, response,
                created_at < now() - ${KEEP} AS expired,
                created_at < now() - ${STALE_AFTER} AS stale
           FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
        [userId, key],
      );
      if (!row) continue; // the first request failed and let the key go: run this one
      if (row.expired) {
        await database.query(
          `DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at < now() - ${KEEP}`,
          [userId, key],
        );
        continue;
      }
      if (row.fingerprint !== fingerprint || row.status !== null) return row;
      if (row.stale) {
        const taken = await database.query(
          `UPDATE idempotency_keys SET created_at = now()
            WHERE user_id = $1 AND key = $2 AND status IS NULL AND created_at < now() - ${STALE_AFTER}
            RETURNING 1`,
          [userId, key],
        );
        if (taken.length > 0) return true;
        continue;
      }
      if (Date.now() >= deadline) throw inProgress();
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    const auth = res.locals.auth as AuthContext | undefined;
    if (key === undefined || !WRITES.has(req.method) || !auth) {
      next();
      return;
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      next(
        validationFailed([
          {
            code: 'VALIDATION_ERROR',
            message: 'must be 1 to 255 visible ASCII characters',
            source: IDEMPOTENCY_KEY_HEADER,
          },
        ]),
      );
      return;
    }
    prune();
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`)
      .digest('base64url');
    let claimed: true | Recorded;
    try {
      claimed = await claim(auth.userId, key, fingerprint);
    } catch (error) {
      next(error);
      return;
    }
    if (claimed !== true) {
      if (claimed.fingerprint !== fingerprint) {
        next(
          new ApiError(422, [
            {
              code: 'IDEMPOTENCY_KEY_REUSED',
              message: 'This Idempotency-Key was already used for a different request.',
              source: IDEMPOTENCY_KEY_HEADER,
            },
          ]),
        );
        return;
      }
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(claimed.status as number).json(claimed.response);
      return;
    }

    // The answer is recorded when it is decided, even if the caller has gone (an edge timeout):
    // that is the answer its retry gets. An answer sent another way (a stream) lets the key go.
    let settled = false;
    const settle = (status: number | undefined, body: unknown) => {
      if (settled) return;
      settled = true;
      const write =
        status !== undefined && status >= 200 && status < 300
          ? database.query(
              'UPDATE idempotency_keys SET status = $3, response = $4 WHERE user_id = $1 AND key = $2',
              [auth.userId, key, status, JSON.stringify(body ?? null)],
            )
          : database.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2', [
              auth.userId,
              key,
            ]);
      write.catch((error: unknown) => log.warn({ err: error }, 'idempotency record not settled'));
    };
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      settle(res.statusCode, body);
      return json(body);
    };
    res.once('close', () => {
      if (res.writableFinished) settle(undefined, undefined);
    });
    next();
  };
}
