/**
 * The local Paystack sandbox, mounted under /sandbox/paystack: the same API as Paystack for the
 * calls we make (POST /transaction/initialize, GET /transaction/verify/:reference), a checkout
 * page with Pay / Decline / Abandon, and `charge.success` webhooks signed with HMAC-SHA512 of
 * the raw body, sent to our /api/paystack/webhook. State lives in memory: it is a stand-in for
 * an outside service, not part of our data. It refuses to run when NODE_ENV=production.
 *
 * Payouts: see transfers.ts (banks, resolve, recipients, transfers, OTP, transfer webhooks).
 *
 * Fault injection for tests and demos: POST /sandbox/paystack/_control/faults
 * `{ "initialize"?: "error"|"timeout", "verify"?: "error"|"timeout", "count"?: n }`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { signWebhookBody } from '../../adapters/paystack/signature.js';
import { publicBaseUrl } from '../../config.js';
import { paystackSecret, selfBaseUrl } from '../../adapters/providers.js';
import { paystackTransfersSandbox } from './transfers.js';

type Fault = 'error' | 'timeout';
interface SandboxTransaction {
  reference: string;
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned';
  gatewayResponse: string;
  channel: string;
  paidAt: string | null;
}

export const SANDBOX_TRANSACTIONS_MAX = 10_000;
export const SANDBOX_TIMEOUT_HOLD_MS = 120_000;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export async function paystackSandbox(app: FastifyInstance): Promise<void> {
  if (app.deps.config.NODE_ENV === 'production') throw new Error('The Paystack sandbox refuses to run when NODE_ENV=production');
  const transactions = new Map<string, SandboxTransaction>();
  const byAccessCode = new Map<string, string>();
  const faults: { initialize: Fault | null; verify: Fault | null; count: number } = { initialize: null, verify: null, count: 0 };
  const pending = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const t of pending) clearTimeout(t);
  });
  // The checkout page's buttons post plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

  /** Applies an injected fault to this call, if one is armed; true when the reply was taken over. */
  async function injectFault(kind: 'initialize' | 'verify', reply: FastifyReply): Promise<boolean> {
    const fault = faults[kind];
    if (!fault || faults.count <= 0) return false;
    faults.count--;
    if (faults.count === 0) faults.initialize = faults.verify = null;
    if (fault === 'error') {
      await reply.status(503).send({ status: false, message: 'Service unavailable (sandbox fault)' });
      return true;
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, SANDBOX_TIMEOUT_HOLD_MS);
      pending.add(t);
      reply.raw.on('close', () => {
        clearTimeout(t);
        resolve();
      });
    });
    return true;
  }

  function authorized(header: unknown): boolean {
    return header === `Bearer ${paystackSecret(app)}`;
  }

  // Payouts (Transfers API): banks, resolve, recipients, transfers, verify, OTP, webhooks.
  await paystackTransfersSandbox(app);

  app.post('/_control/faults', async (request) => {
    const body = (request.body ?? {}) as { initialize?: Fault | null; verify?: Fault | null; count?: number };
    faults.initialize = body.initialize ?? null;
    faults.verify = body.verify ?? null;
    faults.count = Math.max(0, Math.min(100, Number(body.count ?? 1)));
    return { status: true, faults };
  });

  app.post('/transaction/initialize', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    if (await injectFault('initialize', reply)) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const amount = Number(body.amount);
    const reference = String(body.reference ?? '');
    if (!Number.isSafeInteger(amount) || amount <= 0) return reply.status(400).send({ status: false, message: 'Invalid amount' });
    if (!reference || transactions.has(reference)) return reply.status(400).send({ status: false, message: 'Duplicate Transaction Reference' });
    if (transactions.size >= SANDBOX_TRANSACTIONS_MAX) return reply.status(429).send({ status: false, message: 'Sandbox is full' });
    const accessCode = `ac_${reference.replace(/[^a-z0-9]/gi, '').slice(-20)}${transactions.size.toString(36)}`;
    transactions.set(reference, {
      reference,
      accessCode,
      amount,
      currency: String(body.currency ?? 'NGN'),
      email: String(body.email ?? ''),
      callbackUrl: String(body.callback_url ?? ''),
      status: 'ongoing',
      gatewayResponse: 'The transaction is ongoing',
      channel: 'card',
      paidAt: null,
    });
    byAccessCode.set(accessCode, reference);
    // The player opens the checkout in their browser: on the public origin, like the app they came from.
    return { status: true, message: 'Authorization URL created', data: { authorization_url: `${publicBaseUrl(app.deps.config)}/sandbox/paystack/checkout/${accessCode}`, access_code: accessCode, reference } };
  });

  app.get('/transaction/verify/:reference', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    if (await injectFault('verify', reply)) return reply;
    const tx = transactions.get((request.params as { reference: string }).reference);
    if (!tx) return reply.status(400).send({ status: false, message: 'Transaction reference not found' });
    return {
      status: true,
      message: 'Verification successful',
      data: { status: tx.status, reference: tx.reference, amount: tx.amount, currency: tx.currency, channel: tx.channel, gateway_response: tx.gatewayResponse, paid_at: tx.paidAt, customer: { email: tx.email } },
    };
  });

  app.get('/checkout/:accessCode', async (request, reply) => {
    const tx = transactions.get(byAccessCode.get((request.params as { accessCode: string }).accessCode) ?? '');
    if (!tx) return reply.status(404).type('text/html').send('<h1>Unknown checkout</h1>');
    const naira = (tx.amount / 100).toFixed(2);
    const action = (what: string) => `<form method="post" action="${escapeHtml(tx.accessCode)}/${what}" style="display:inline"><button name="do" value="${what}">${what[0]!.toUpperCase()}${what.slice(1)}</button></form>`;
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Paystack sandbox checkout</title></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">` +
          `<h1>Paystack sandbox</h1><p>This is a local stand-in for Paystack's checkout. No real money moves.</p>` +
          `<p>${escapeHtml(tx.email)} pays <strong>${escapeHtml(tx.currency)} ${naira}</strong><br>Reference: <code>${escapeHtml(tx.reference)}</code><br>Status: ${tx.status}</p>` +
          `${action('pay')} ${action('decline')} ${action('abandon')}</body></html>`,
      );
  });

  app.post('/checkout/:accessCode/:action', async (request, reply) => {
    const { accessCode, action } = request.params as { accessCode: string; action: string };
    const tx = transactions.get(byAccessCode.get(accessCode) ?? '');
    if (!tx) return reply.status(404).send({ status: false, message: 'Unknown checkout' });
    if (tx.status === 'ongoing' || tx.status === 'abandoned') {
      if (action === 'pay') Object.assign(tx, { status: 'success', gatewayResponse: 'Successful', paidAt: new Date().toISOString() });
      else if (action === 'decline') Object.assign(tx, { status: 'failed', gatewayResponse: 'Declined' });
      else if (action === 'abandon') Object.assign(tx, { status: 'abandoned', gatewayResponse: 'The customer abandoned the payment' });
      else return reply.status(400).send({ status: false, message: 'Unknown action' });
      if ((tx.status as string) === 'success') await sendChargeSuccess(tx);
    }
    const target = tx.callbackUrl ? `${tx.callbackUrl}${tx.callbackUrl.includes('?') ? '&' : '?'}trxref=${encodeURIComponent(tx.reference)}&reference=${encodeURIComponent(tx.reference)}` : null;
    return target ? reply.redirect(target, 303) : { status: true, data: { status: tx.status } };
  });

  /** Like Paystack: a signed `charge.success` to our webhook URL; a failed delivery is retried a few times. */
  async function sendChargeSuccess(tx: SandboxTransaction, attempt = 1): Promise<void> {
    const body = JSON.stringify({
      event: 'charge.success',
      data: { status: 'success', reference: tx.reference, amount: tx.amount, currency: tx.currency, channel: tx.channel, gateway_response: tx.gatewayResponse, paid_at: tx.paidAt, customer: { email: tx.email } },
    });
    const ok = await fetch(`${selfBaseUrl(app)}/api/paystack/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhookBody(body, paystackSecret(app)) },
      body,
      signal: AbortSignal.timeout(10_000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (!ok && attempt < 3) {
      const t = setTimeout(() => {
        pending.delete(t);
        void sendChargeSuccess(tx, attempt + 1);
      }, 1000 * attempt);
      pending.add(t);
    }
  }
}
