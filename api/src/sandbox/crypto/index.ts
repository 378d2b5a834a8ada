/**
 * The local crypto provider sandbox, mounted under /sandbox/crypto. It issues deposit addresses
 * in each network's format, "sees" the payment and advances confirmations 0 → 3 on a timer, and
 * completes withdrawals after a delay, each step reported by a webhook signed with HMAC-SHA512
 * (`x-crypto-signature`) to the callback URL it was given. Speed: CRYPTO_SANDBOX_SPEED (1 = one
 * step every 10 s). State lives in memory. It refuses to run when NODE_ENV=production.
 *
 * Controls (tests, demos): POST /_control `{ autoPay?, failWithdrawals? }` (autoPay false leaves
 * deposits unpaid so they expire); POST /addresses/:address/pay starts an unpaid deposit.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signWebhookBody } from '../../adapters/paystack/signature.js';
import { CRYPTO_WEBHOOK_SIGNATURE_HEADER } from '../../adapters/crypto/client.js';
import { cryptoSecret } from '../../adapters/providers.js';

export const CRYPTO_SANDBOX_STEP_MS_AT_SPEED_1 = 10_000;
export const CRYPTO_SANDBOX_ITEMS_MAX = 10_000;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function addressFor(network: string, seed: string): string {
  const bytes = createHash('sha256').update(seed).digest();
  const hex = bytes.toString('hex');
  const b58 = (n: number) => Array.from({ length: n }, (_, i) => BASE58[(bytes[i % 32]! + i * 7) % 58]).join('');
  switch (network) {
    case 'TRC20':
      return `T${b58(33)}`;
    case 'ERC20':
    case 'BEP20':
      return `0x${hex.slice(0, 40)}`;
    case 'Bitcoin':
      return `1${b58(33)}`;
    case 'Litecoin':
      return `L${b58(33)}`;
    case 'Dogecoin':
      return `DH${b58(32)}`;
    default:
      return b58(44);
  }
}

interface SandboxDeposit {
  depositId: string;
  address: string;
  callbackUrl: string;
  started: boolean;
}

export async function cryptoSandbox(app: FastifyInstance): Promise<void> {
  if (app.deps.config.NODE_ENV === 'production') throw new Error('The crypto sandbox refuses to run when NODE_ENV=production');
  const stepMs = Math.max(1, Math.round(CRYPTO_SANDBOX_STEP_MS_AT_SPEED_1 / app.deps.config.CRYPTO_SANDBOX_SPEED));
  const deposits = new Map<string, SandboxDeposit>();
  const withdrawals = new Set<string>();
  const controls = { autoPay: true, failWithdrawals: false };
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
    for (const t of timers) clearTimeout(t);
  });

  function later(ms: number, run: () => Promise<void>): void {
    if (closed) return;
    const t = setTimeout(() => {
      timers.delete(t);
      void run();
    }, ms);
    timers.add(t);
  }

  /** Sends a signed webhook; a failed delivery is retried (up to 5 times) like a real provider. */
  async function send(callbackUrl: string, payload: unknown, attempt = 1): Promise<void> {
    if (closed) return;
    const body = JSON.stringify(payload);
    const ok = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CRYPTO_WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(body, cryptoSecret(app)) },
      body,
      signal: AbortSignal.timeout(10_000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (!ok && attempt < 5) later(stepMs * attempt, () => send(callbackUrl, payload, attempt + 1));
  }

  function startConfirmations(deposit: SandboxDeposit): void {
    if (deposit.started) return;
    deposit.started = true;
    const txHash = createHash('sha256').update(`tx:${deposit.depositId}`).digest('hex');
    // Each step waits for the previous webhook, so confirmations arrive in order.
    const step = (confirmations: number) =>
      later(stepMs, async () => {
        await send(deposit.callbackUrl, { event: 'deposit.confirmations', data: { depositId: deposit.depositId, address: deposit.address, confirmations, txHash } });
        if (confirmations < 3) step(confirmations + 1);
      });
    step(0);
  }

  function authorized(header: unknown): boolean {
    return header === `Bearer ${cryptoSecret(app)}`;
  }

  app.post('/_control', async (request) => {
    const body = (request.body ?? {}) as Partial<typeof controls>;
    if (typeof body.autoPay === 'boolean') controls.autoPay = body.autoPay;
    if (typeof body.failWithdrawals === 'boolean') controls.failWithdrawals = body.failWithdrawals;
    return controls;
  });

  app.post('/v1/addresses', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ error: 'Invalid key' });
    const body = (request.body ?? {}) as Record<string, string>;
    if (!body.depositId || !body.network || !body.callbackUrl) return reply.status(400).send({ error: 'depositId, network and callbackUrl are required' });
    let deposit = deposits.get(body.depositId);
    if (!deposit) {
      if (deposits.size >= CRYPTO_SANDBOX_ITEMS_MAX) return reply.status(429).send({ error: 'Sandbox is full' });
      deposit = { depositId: body.depositId, address: addressFor(body.network, `addr:${body.depositId}`), callbackUrl: body.callbackUrl, started: false };
      deposits.set(body.depositId, deposit);
      if (controls.autoPay) startConfirmations(deposit);
    }
    return { address: deposit.address, providerReference: `sbx_${body.depositId}` };
  });

  app.post('/addresses/:address/pay', async (request, reply) => {
    const deposit = [...deposits.values()].find((d) => d.address === (request.params as { address: string }).address);
    if (!deposit) return reply.status(404).send({ error: 'Unknown address' });
    startConfirmations(deposit);
    return { started: true };
  });

  app.post('/v1/withdrawals', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ error: 'Invalid key' });
    const body = (request.body ?? {}) as Record<string, string>;
    if (!body.withdrawalId || !body.callbackUrl) return reply.status(400).send({ error: 'withdrawalId and callbackUrl are required' });
    if (!withdrawals.has(body.withdrawalId)) {
      if (withdrawals.size >= CRYPTO_SANDBOX_ITEMS_MAX) return reply.status(429).send({ error: 'Sandbox is full' });
      withdrawals.add(body.withdrawalId);
      const fail = controls.failWithdrawals;
      later(stepMs * 2, () =>
        send(
          body.callbackUrl!,
          fail
            ? { event: 'withdrawal.cancelled', data: { withdrawalId: body.withdrawalId, reason: 'Rejected by the network (sandbox)' } }
            : { event: 'withdrawal.completed', data: { withdrawalId: body.withdrawalId, txHash: createHash('sha256').update(`wtx:${body.withdrawalId}`).digest('hex') } },
        ),
      );
    }
    return { providerReference: `sbx_w_${body.withdrawalId}`, status: 'processing' };
  });
}
