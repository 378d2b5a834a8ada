import { isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAILBOX_PAGE_SIZE_MAX, listMailbox } from '../adapters/email/outbox.js';
import { termiiSandboxInbox, type SandboxSms } from '../sandbox/termii/inbox.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const mailboxQuery = z.object({
  to: z.string().max(254, 'Invalid address').optional(),
  limit: z.coerce.number().int().min(1).max(MAILBOX_PAGE_SIZE_MAX).optional(),
});

const smsQuery = z.object({
  to: z.string().max(32, 'Invalid number').optional(),
  limit: z.coerce.number().int().min(1).max(MAILBOX_PAGE_SIZE_MAX).optional(),
});

function smsJson(m: SandboxSms) {
  return { id: m.messageId, to: m.to, from: m.from, text: m.text, channel: m.channel, receivedAt: m.receivedAt.toISOString() };
}

/** 127.0.0.0/8, ::1, and 127.x written as IPv4-mapped IPv6 (::ffff:127.0.0.1), as a dual-stack socket reports it. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}

/** Headers a proxy adds: a request that carries one came from somewhere else, whatever socket it arrived on. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * True only for a request made on this machine: its socket's peer is a loopback address, so is
 * the client address Fastify derives (which, with TRUST_PROXY, is the one a proxy forwarded),
 * and no proxy header names another client. A reverse proxy on the same machine connects from
 * loopback, so the socket alone would let the whole internet in through it.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

/**
 * Development only (never registered when NODE_ENV=production): the outbox as a mailbox.
 * `/dev/mailbox` is a page for people; `/dev/mailbox/messages` the same as JSON for tests, and
 * `/dev/mailbox/sms` the text messages the Termii sandbox received (`?to=` an E.164 number). The
 * mail holds sign-in codes and password reset links, so it answers requests from this machine
 * only: anyone else gets the same 404 JSON as for a route that does not exist.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.deps.config.NODE_ENV === 'production') return;

  app.addHook('onRequest', async (request, reply) => {
    if (fromThisMachine(request)) return;
    reply.callNotFound();
    return reply;
  });

  app.get('/dev/mailbox/messages', { schema: { hide: true, querystring: mailboxQuery } }, async (request) => {
    const rows = await listMailbox(app.deps.db, request.query);
    return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text_body, kind: r.kind, status: r.status, attempts: r.attempts, createdAt: r.created_at.toISOString(), sentAt: r.sent_at?.toISOString() ?? null }));
  });

  const smsInbox = termiiSandboxInbox(app.deps);
  app.get('/dev/mailbox/sms', { schema: { hide: true, querystring: smsQuery } }, async (request) => smsInbox.list(request.query).map(smsJson));

  app.get('/dev/mailbox', { schema: { hide: true, querystring: mailboxQuery } }, async (request, reply) => {
    const rows = await listMailbox(app.deps.db, request.query);
    const texts = smsInbox
      .list({ limit: request.query.limit })
      .map((m) => `<article class="sms"><header><strong>SMS to ${escapeHtml(m.to)}</strong><br><small>from ${escapeHtml(m.from)} · ${m.receivedAt.toISOString()} · ${escapeHtml(m.channel)} route</small></header><pre>${escapeHtml(m.text)}</pre></article>`)
      .join('\n');
    const items = rows
      .map(
        (r) => `<article><header><strong>${escapeHtml(r.subject)}</strong><br><small>to ${escapeHtml(r.to_address)} · ${r.created_at.toISOString()} · ${escapeHtml(r.status)}</small></header><pre>${escapeHtml(r.text_body).replace(
          /(https?:\/\/[^\s<]+)/g,
          '<a href="$1">$1</a>',
        )}</pre></article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title><meta http-equiv="refresh" content="10"><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head><body><h1>Dev mailbox</h1><p>Mail the app has queued (outbox) and text messages the SMS sandbox received, newest first. This page does not exist in production.</p><h2>Text messages (SMS)</h2>${texts || '<p>No text messages yet.</p>'}<h2>Email</h2>${items || '<p>No mail yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
};
