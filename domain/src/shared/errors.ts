/**
 * Expected refusals are typed errors that carry their HTTP status and a stable `code` (with
 * `params` for the run-time numbers and names in the message); the API's root error handler turns
 * them into `{ "error": message, "code": code, "params"?: params, ...extra }`. The message stays the
 * spec's English text; clients render `code` + `params` in the user's language and never match the
 * message. Programmer errors are plain `Error`s (or failed assertions) and surface as a 500 with no
 * details.
 */
export type ErrorParams = Record<string, string | number>;

/**
 * The optional last argument of every refusal: `code` and `params` as above; any other field is
 * sent in the body next to them as it is today (`field`, `retryAfter`, `attemptsLeft`, …).
 */
export type DomainErrorOptions = { code?: string; params?: ErrorParams } & Record<string, unknown>;

/** The code a refusal gets when it names none: one per status. */
const DEFAULT_CODES: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  412: 'wrong_expected_revision',
  429: 'too_many_requests',
  502: 'provider_unavailable',
};

export class DomainError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: ErrorParams | undefined;
  /** Fields sent in the body next to `error`, `code` and `params`. */
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: number, message: string, options?: DomainErrorOptions) {
    super(message);
    const { code, params, ...extra } = options ?? {};
    this.name = new.target.name;
    this.status = status;
    this.code = code ?? DEFAULT_CODES[status] ?? 'error';
    this.params = params && Object.keys(params).length > 0 ? params : undefined;
    this.extra = Object.keys(extra).length > 0 ? extra : undefined;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super(400, message, options);
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized', options?: DomainErrorOptions) {
    super(401, message, options);
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden', options?: DomainErrorOptions) {
    super(403, message, options);
  }
}
export class NotFoundError extends DomainError {
  constructor(message = 'Not found', options?: DomainErrorOptions) {
    super(404, message, options);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super(409, message, options);
  }
}
/**
 * A command whose deterministic event ids are already stored with other content: two different
 * requests were about to be taken for one. Nothing was written by this one.
 */
export class IdempotencyConflictError extends ConflictError {
  readonly streamId: string;
  constructor(streamId: string) {
    super('This request conflicts with another one already recorded. Refresh and try again.', { code: 'idempotency_conflict' });
    this.streamId = streamId;
  }
}

/** 429 with the wait: `retryAfter` (seconds) is in the body (as today), in `params` and in the Retry-After header. */
export class TooManyRequestsError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number, options?: DomainErrorOptions) {
    super(429, message, { ...options, params: { ...options?.params, retryAfter: retryAfterSeconds }, retryAfter: retryAfterSeconds });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Raised when an append's expected revision does not match the stream's actual one. */
export class WrongExpectedRevisionError extends DomainError {
  readonly streamId: string;
  readonly expected: string;
  readonly actual: string;
  constructor(streamId: string, expected: ExpectedRevisionLike, actual: number | 'no_stream') {
    super(412, `Wrong expected revision for ${streamId}: expected ${String(expected)}, actual ${String(actual)}`, {
      params: { streamId, expected: String(expected), actual: String(actual) },
    });
    this.streamId = streamId;
    this.expected = String(expected);
    this.actual = String(actual);
  }
}
type ExpectedRevisionLike = 'any' | 'no_stream' | 'stream_exists' | number;

/**
 * The code and params of a failed schema check: a custom check names them in its issue's params
 * (`params: { code: 'under_age', age: 17 }`); any other check is `validation_failed`.
 */
export function issueRefusal(issue: unknown): { code: string; params?: ErrorParams } {
  const given = issue && typeof issue === 'object' && 'params' in issue ? issue.params : undefined;
  if (!given || typeof given !== 'object' || typeof (given as { code?: unknown }).code !== 'string') return { code: 'validation_failed' };
  const { code, ...rest } = given as { code: string } & Record<string, unknown>;
  const params: ErrorParams = {};
  for (const [key, value] of Object.entries(rest)) if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  return Object.keys(params).length > 0 ? { code, params } : { code };
}

/** Asserts a programmer invariant; a failure is a bug, never a user error. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Assertion failed: ${message}`);
}
