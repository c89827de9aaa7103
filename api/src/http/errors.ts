import type { ErrorItem } from '@fleetport/contracts/envelope';

/**
 * Typed errors that routes throw; one middleware turns them into the envelope (spec §7/§8).
 * Anything else is an internal error: logged, and answered without internals.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorItem[];
  readonly meta: Record<string, unknown> | undefined;

  constructor(status: number, errors: ErrorItem[], meta?: Record<string, unknown>) {
    super(errors[0]?.message ?? 'API error');
    this.status = status;
    this.errors = errors;
    this.meta = meta;
  }
}

const item = (code: string, message: string, source?: string): ErrorItem =>
  source === undefined ? { code, message } : { code, message, source };

export const badRequest = (message: string, code = 'BAD_REQUEST') => new ApiError(400, [item(code, message)]);

export const unauthorized = (message = 'Authentication is required.') =>
  new ApiError(401, [item('UNAUTHORIZED', message)]);

/** One body for "not yours" and "does not exist" on another tenant's objects (no probing). */
export const forbidden = (message = 'You do not have permission to do this.') =>
  new ApiError(403, [item('FORBIDDEN', message)]);

export const notFound = (message = 'Not found.') => new ApiError(404, [item('NOT_FOUND', message)]);
/** A link or a resource that existed and is no more (an expired download link). */
export const gone = (message: string) => new ApiError(410, [item('GONE', message)]);

export const conflict = (message: string, source?: string) =>
  new ApiError(409, [item('CONFLICT', message, source)]);

export const validationFailed = (errors: ErrorItem[]) => new ApiError(422, errors);

export const fieldError = (source: string, message: string, code = 'VALIDATION_ERROR') =>
  new ApiError(422, [item(code, message, source)]);

/** 423: the operation needs the password confirmed again (POST /password-confirmation). */
export const passwordConfirmationRequired = () =>
  new ApiError(423, [item('PASSWORD_CONFIRMATION_REQUIRED', 'Please confirm your password to continue.')]);

export const tooManyRequests = (message: string, retryAfterS: number) =>
  new ApiError(429, [item('TOO_MANY_REQUESTS', message)], { retry_after: retryAfterS });

/**
 * SQLSTATEs of a value the database refused as such (PostgreSQL and PGlite alike): text it
 * cannot hold (22P05 U+0000, 22021 bad UTF-8), a number out of range (22003), a malformed
 * literal (22P02, 22007, 22008), text too long (22001).
 */
const INPUT_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/**
 * The safety net under the field schemas: a database error caused by a value of the
 * request is the caller's 422, not an internal error. The schemas (`@fleetport/contracts/fields`)
 * refuse such values first, naming the field; this only catches a field that escaped them.
 * Looks through wrapped errors (Drizzle's DrizzleQueryError keeps the driver's in `cause`).
 */
export function inputRefusedByDatabase(error: unknown): ApiError | undefined {
  let cause = error;
  for (let depth = 0; depth < 5 && cause && typeof cause === 'object'; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_SQLSTATES.has(code)) {
      return new ApiError(422, [
        item(
          'VALIDATION_ERROR',
          'The request holds a value that cannot be stored or compared: a number out of range, or text with characters that are not allowed.',
        ),
      ]);
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
