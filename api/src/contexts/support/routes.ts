/**
 * The support context's HTTP surface (docs/api/support.md): anyone (visitor or player) sends a
 * contact message or an abuse report; admins list them. Reads come from the read table.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TooManyRequestsError } from '@wager/domain';
import { SUPPORT_KINDS } from '@wager/domain/support/index';
import { SUPPORT_PAGE_SIZE_MAX, listSupportMessages } from '@wager/projections/support/queries';
import type { SupportMessageRow } from '@wager/projections/support/support.table';
import { hit, type RateLimit } from '../accounts/index.js';
import { submitSupportMessage } from './commands.js';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid id');
/** Messages one IP may send per hour: enough for a person, not for a flood into the admins' inbox. */
export const SUPPORT_MESSAGES_PER_IP: RateLimit = { max: 10, windowMs: 60 * 60 * 1000 };
export const TOO_MANY_SUPPORT_MESSAGES = 'Too many messages. Please try again later.';

const supportMessageJson = z.object({
  id: z.string(),
  kind: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  reportedUsername: z.string().nullable(),
  betId: z.string().nullable(),
  submittedAt: z.string(),
});

function toJson(row: SupportMessageRow): z.infer<typeof supportMessageJson> {
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    reportedUsername: row.reported_username,
    betId: row.bet_id,
    submittedAt: row.submitted_at.toISOString(),
  };
}

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/support/messages',
    // The fields are checked by the domain's parser, in the spec's words; only the key is typed here.
    { schema: { body: z.object({ clientMessageId: uuid }).passthrough(), response: { 201: z.object({ id: z.string() }), 202: z.object({ status: z.literal('processing'), id: z.string(), message: z.string() }) } } },
    async (request, reply) => {
      const perIp = await hit(app.deps.db, `support-ip:${request.ip}`, SUPPORT_MESSAGES_PER_IP, app.deps.clock.now());
      if (perIp.count > SUPPORT_MESSAGES_PER_IP.max) throw new TooManyRequestsError(TOO_MANY_SUPPORT_MESSAGES, perIp.retryAfterSeconds, { code: 'too_many_support_messages' });
      const { clientMessageId, ...body } = request.body as { clientMessageId: string } & Record<string, unknown>;
      const sent = await submitSupportMessage(app.deps, { body, userId: request.auth?.userId ?? null, clientMessageId });
      if (!sent.visible) return reply.code(202).send({ status: 'processing', id: sent.messageId, message: 'Your message is stored and on its way to the admins.' });
      return reply.code(201).send({ id: sent.messageId });
    },
  );

  app.get(
    '/api/admin/support-messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: z.object({ kind: z.enum(SUPPORT_KINDS).optional(), page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(SUPPORT_PAGE_SIZE_MAX).default(20) }),
        response: { 200: z.object({ messages: z.array(supportMessageJson), pagination: z.object({ total: z.number(), pages: z.number() }) }) },
      },
    },
    async (request) => {
      const { kind, page, limit } = request.query;
      const { rows, total } = await listSupportMessages(app.deps.db, { kind, limit, offset: (page - 1) * limit });
      return { messages: rows.map(toJson), pagination: { total, pages: Math.max(1, Math.ceil(total / limit)) } };
    },
  );
};
