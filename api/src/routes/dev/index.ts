import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAILBOX_PAGE_SIZE_MAX, listMailbox } from '../../adapters/email/outbox.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const mailboxQuery = z.object({
  to: z.string().max(254, 'Invalid address').optional(),
  limit: z.coerce.number().int().min(1).max(MAILBOX_PAGE_SIZE_MAX).optional(),
});

/**
 * Development only (never registered when NODE_ENV=production): the outbox as a mailbox.
 * `/dev/mailbox` is a page for people; `/dev/mailbox/messages` the same as JSON for tests.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.deps.config.NODE_ENV === 'production') return;

  app.get('/dev/mailbox/messages', { schema: { hide: true, querystring: mailboxQuery } }, async (request) => {
    const rows = await listMailbox(app.deps.db, request.query);
    return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text_body, kind: r.kind, status: r.status, attempts: r.attempts, createdAt: r.created_at.toISOString(), sentAt: r.sent_at?.toISOString() ?? null }));
  });

  app.get('/dev/mailbox', { schema: { hide: true, querystring: mailboxQuery } }, async (request, reply) => {
    const rows = await listMailbox(app.deps.db, request.query);
    const items = rows
      .map(
        (r) => `<article><header><strong>${escapeHtml(r.subject)}</strong><br><small>to ${escapeHtml(r.to_address)} · ${r.created_at.toISOString()} · ${escapeHtml(r.status)}</small></header><pre>${escapeHtml(r.text_body).replace(
          /(https?:\/\/[^\s<]+)/g,
          '<a href="$1">$1</a>',
        )}</pre></article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title><meta http-equiv="refresh" content="10"><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head><body><h1>Dev mailbox</h1><p>Mail the app has queued (outbox), newest first. This page does not exist in production.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
};
