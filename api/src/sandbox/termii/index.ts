/**
 * The local Termii sandbox, mounted under /sandbox/termii: Termii's Messaging API for the call
 * we make (`POST /api/sms/send`, key in the body as `api_key`), answered in Termii's shape
 * (`{ code: "ok", message_id, message: "Successfully Sent", balance, user }`). Messages it
 * accepts are kept in memory (it stands in for an outside service; they are not our data) and
 * shown at /dev/mailbox beside the emails. It refuses to run when NODE_ENV=production.
 *
 * Fault injection: POST /sandbox/termii/_control/faults `{ "status": 503|401|…, "count": n }`
 * answers the next n sends with that status.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { termiiApiKey } from '../../adapters/providers.js';
import { termiiSandboxInbox } from './inbox.js';

const sendBody = z.object({
  api_key: z.string(),
  to: z.union([z.string(), z.array(z.string()).min(1).max(100)]),
  from: z.string().min(3).max(11),
  sms: z.string().min(1).max(1600),
  type: z.literal('plain'),
  channel: z.enum(['generic', 'dnd', 'whatsapp']),
});

const faultsBody = z.object({ status: z.number().int().min(400).max(599), count: z.number().int().min(0).max(100).default(1) });

export async function termiiSandbox(app: FastifyInstance): Promise<void> {
  if (app.deps.config.NODE_ENV === 'production') throw new Error('The Termii sandbox refuses to run when NODE_ENV=production');
  const inbox = termiiSandboxInbox(app.deps);
  const faults = { status: 0, count: 0 };

  app.post('/_control/faults', { schema: { hide: true } }, async (request, reply) => {
    const parsed = faultsBody.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ message: 'status (400-599) and count expected' });
    Object.assign(faults, parsed.data);
    return { ok: true };
  });

  app.post('/api/sms/send', { schema: { hide: true } }, async (request, reply) => {
    const parsed = sendBody.safeParse(request.body);
    const key = request.body && typeof request.body === 'object' ? (request.body as { api_key?: unknown }).api_key : undefined;
    if (key !== termiiApiKey(app.deps.config)) return reply.status(401).send({ message: 'Unauthorized' });
    if (faults.count > 0) {
      faults.count--;
      return reply.status(faults.status).send({ message: `Sandbox fault ${faults.status}` });
    }
    if (!parsed.success) return reply.status(400).send({ message: parsed.error.issues[0]?.message ?? 'Bad request' });
    const { to, from, sms, channel } = parsed.data;
    const recipients = Array.isArray(to) ? to : [to];
    if (recipients.some((r) => !/^\d{8,15}$/.test(r))) return reply.status(400).send({ message: 'to must be a number in international format without +' });
    const messageId = `${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    for (const recipient of recipients) inbox.add({ messageId, to: `+${recipient}`, from, text: sms, channel, receivedAt: new Date() });
    return { code: 'ok', message_id: messageId, message: 'Successfully Sent', balance: 1000, user: 'Wager Sandbox' };
  });
}
