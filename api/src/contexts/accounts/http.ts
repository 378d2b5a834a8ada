import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ValidationError, issueRefusal } from '@wager/domain';

/** The first issue of a failed parse, as the 400 the client shows: `{ error, code, params?, field }`. */
export function firstIssueError(error: z.ZodError): ValidationError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  return new ValidationError(issue?.message ?? 'Invalid request', { ...issueRefusal(issue), ...(field ? { field } : {}) });
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw firstIssueError(parsed.error);
  return parsed.data;
}

/** The client's address (Fastify honours X-Forwarded-For: `trustProxy` is on). */
export function clientIp(request: FastifyRequest): string | null {
  return request.ip || null;
}

/** The signed-in user id; only call behind `app.requireUser`. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new Error('userIdOf called without requireUser');
  return request.auth.userId;
}
