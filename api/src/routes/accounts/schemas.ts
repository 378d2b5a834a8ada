import { z } from 'zod';

/** `{ "error": "..." }`, with any extra fields a refusal carries (field, retryAfter, attemptsLeft). */
export const errorSchema = z.looseObject({ error: z.string() });
export const UNAUTHENTICATED_RESPONSES = { 401: errorSchema } as const;
