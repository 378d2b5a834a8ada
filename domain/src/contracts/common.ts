/**
 * Pieces every context's contract shares: the refusal body, ids, money strings and times as
 * they travel on the wire. Only zod and domain constants here: no I/O (docs/architecture.md,
 * "One contract").
 */
import { z } from 'zod';

/** A UUID in any case, as the routes' params accept it; the refusal text is the one every route answers. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuid = z.string().regex(UUID_PATTERN, 'Invalid id');

/** An id as the server answers it (no pattern: a response schema describes, it does not police old rows). */
export const id = z.string();

/** Money on the wire: a decimal string (`"100.00"`), never a JSON number (docs/ledger.md). */
export const moneyString = z.string();
export type MoneyString = z.infer<typeof moneyString>;

/** A time on the wire: ISO 8601 in UTC, as `Date.prototype.toISOString` writes it. */
export const isoTime = z.string();

/**
 * Every refusal: `{ error, code, params? }` plus a refusal's own extra fields (`retryAfter`,
 * `field`, …). Not strict: the extras differ by code (the codes are listed in docs/api.md).
 */
export const errorBody = z
  .object({
    error: z.string(),
    code: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown());
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * The answer of a command whose events are stored but not yet visible in the read models
 * within the wait (202, with a `location` header): `{ status: 'processing', message, …ids }`.
 */
export const stillProcessing = z
  .object({ status: z.literal('processing'), message: z.string() })
  .catchall(z.unknown());
export type StillProcessingBody = z.infer<typeof stillProcessing>;

/** A page of a list: `page` counts from 1. */
export const pageQuery = (sizeMax: number, sizeDefault: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(sizeMax).default(sizeDefault),
  });

/** The refusals a signed-in route may answer, for its `response` map (the body is `errorBody` for each). */
export const refusals = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
} as const;

/**
 * A command's 202 with the ids it names: the events are stored, the read model does not show
 * them yet (`Location` says where). Strict, unlike `stillProcessing`: each route names its ids.
 */
export const processingBody = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ status: z.literal('processing'), message: z.string(), ...shape });
