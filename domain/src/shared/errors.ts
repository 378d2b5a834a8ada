/**
 * Expected refusals are typed errors that carry their HTTP status; the API's root error
 * handler turns them into `{ "error": message }`. Programmer errors are plain `Error`s
 * (or failed assertions) and surface as a 500 with no details.
 */
export class DomainError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: number, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.extra = extra;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(400, message, extra);
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(409, message, extra);
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

export class TooManyRequestsError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { retryAfter: retryAfterSeconds });
  }
}

/** Raised when an append's expected revision does not match the stream's actual one. */
export class WrongExpectedRevisionError extends DomainError {
  readonly streamId: string;
  readonly expected: string;
  readonly actual: string;
  constructor(streamId: string, expected: ExpectedRevisionLike, actual: number | 'no_stream') {
    super(412, `Wrong expected revision for ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.streamId = streamId;
    this.expected = String(expected);
    this.actual = String(actual);
  }
}
type ExpectedRevisionLike = 'any' | 'no_stream' | 'stream_exists' | number;

/** Asserts a programmer invariant; a failure is a bug, never a user error. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Assertion failed: ${message}`);
}
