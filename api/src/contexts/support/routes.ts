/**
 * The support context's HTTP surface (docs/api/support.md): anyone (visitor or player) sends a
 * contact message or an abuse report; admins list them. Reads come from the read table.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TooManyRequestsError } from '@wager/domain';
import { supportContract, type SupportMessageView } from '@wager/domain/contracts/support';
import { listSupportMessages } from '@wager/projections/support/queries';
import type { SupportMessageRow } from '@wager/projections/support/support.table';
import { hit, type RateLimit } from '../accounts/index.js';
import { submitSupportMessage } from './commands.js';

/** Messages one IP may send per hour: enough for a person, not for a flood into the admins' inbox. */
export const SUPPORT_MESSAGES_PER_IP: RateLimit = { max: 10, windowMs: 60 * 60 * 1000 };
export const TOO_MANY_SUPPORT_MESSAGES = 'Too many messages. Please try again later.';

function toJson(row: SupportMessageRow): SupportMessageView {
  return {
    id: row.id,
    kind: row.kind as SupportMessageView['kind'],
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
    { schema: supportContract.send },
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
      schema: supportContract.list,
    },
    async (request) => {
      const { kind, page, limit } = request.query;
      const { rows, total } = await listSupportMessages(app.deps.db, { kind, limit, offset: (page - 1) * limit });
      return { messages: rows.map(toJson), pagination: { total, pages: Math.max(1, Math.ceil(total / limit)) } };
    },
  );
};
