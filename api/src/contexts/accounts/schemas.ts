import { z } from 'zod';

/** `{ "error", "code", "params"? }` (docs/api.md, "Errors"), with any extra fields a refusal carries (field, retryAfter, attemptsLeft). */
export const errorSchema = z.looseObject({ error: z.string(), code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
export const UNAUTHENTICATED_RESPONSES = { 401: errorSchema } as const;
