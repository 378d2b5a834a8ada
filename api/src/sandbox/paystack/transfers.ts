/**
 * The Paystack sandbox's Transfers API (payouts to Nigerian bank accounts), the calls we make:
 * GET /bank?currency=NGN, GET /bank/resolve, POST /transferrecipient, POST /transfer,
 * GET /transfer/verify/:reference, POST /transfer/finalize_transfer. A transfer is accepted as
 * `pending` (or `otp` when OTP is switched on; the OTP is 123456) and settles after a short
 * delay, sending signed `transfer.success` / `transfer.failed` / `transfer.reversed` webhooks
 * to /api/paystack/webhook. A reused reference is refused, as Paystack does.
 *
 * Switches for tests and demos, POST /sandbox/paystack/_control/transfers:
 * `{ outcome?: "success"|"failed"|"reversed", otp?: boolean, delayMs?: number, webhooks?: boolean,
 *    fault?: "error"|"lost", faultCount?: number }` — `fault: "error"` refuses the next transfer
 * with a 503 before making it; `"lost"` makes the transfer and then answers 503 (the reply got
 * lost: the caller must verify before it sends again). `webhooks: false` sends none (the
 * reconciler's verify poll must find the outcome). Account numbers ending in 0000 do not resolve.
 * `balanceMinor` sets the business balance in kobo (GET /balance; a transfer above it is refused
 * with Paystack's "Your balance is not enough to fulfil this request" and a made transfer takes
 * its amount off); `refuse: "<message>"` refuses every transfer with that message (400) until
 * set to null, as Paystack does for a recipient it will not pay.
 */
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { signWebhookBody } from '../../adapters/paystack/signature.js';
import { paystackSecret, selfBaseUrl } from '../../adapters/providers.js';

export const SANDBOX_BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Zenith Bank', code: '057' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Opay', code: '999992' },
  { name: 'Moniepoint MFB', code: '50515' },
] as const;
export const SANDBOX_OTP = '123456';
export const SANDBOX_TRANSFER_DELAY_MS_DEFAULT = 1500;
/** ₦100,000,000 in kobo: plenty, until a test or demo sets it lower. */
export const SANDBOX_BALANCE_MINOR_DEFAULT = 10_000_000_000;
export const PAYSTACK_LOW_BALANCE_MESSAGE = 'Your balance is not enough to fulfil this request';
const SANDBOX_REFUSAL_LENGTH_MAX = 200;
const SANDBOX_TRANSFERS_MAX = 10_000;
const NAMES = ['ADAEZE OKAFOR', 'CHINEDU EZE', 'FUNMILAYO ADEYEMI', 'IBRAHIM MUSA', 'NGOZI NWOSU', 'OLUWASEUN BELLO', 'TUNDE BAKARE', 'AISHA DANJUMA'];

type Outcome = 'success' | 'failed' | 'reversed';
interface SandboxTransfer {
  reference: string;
  transferCode: string;
  amount: number;
  currency: string;
  recipient: string;
  reason: string;
  status: string;
  outcome: Outcome;
  createdAt: string;
}
interface Switches {
  outcome: Outcome;
  otp: boolean;
  delayMs: number;
  webhooks: boolean;
  fault: 'error' | 'lost' | null;
  faultCount: number;
  balanceMinor: number;
  refuse: string | null;
}

function defaults(): Switches {
  return { outcome: 'success', otp: false, delayMs: SANDBOX_TRANSFER_DELAY_MS_DEFAULT, webhooks: true, fault: null, faultCount: 0, balanceMinor: SANDBOX_BALANCE_MINOR_DEFAULT, refuse: null };
}

/** The name the sandbox "bank" holds for an account number: stable per number. */
export function sandboxAccountName(accountNumber: string): string {
  const digest = createHash('sha256').update(accountNumber).digest();
  return NAMES[digest[0]! % NAMES.length]!;
}

export async function paystackTransfersSandbox(app: FastifyInstance): Promise<void> {
  const transfers = new Map<string, SandboxTransfer>();
  const byCode = new Map<string, string>();
  const recipients = new Map<string, { code: string; name: string; accountNumber: string; bankCode: string }>();
  let switches = defaults();
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });
  const authorized = (header: unknown) => header === `Bearer ${paystackSecret(app)}`;
  const later = (ms: number, run: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      run();
    }, ms);
    timers.add(t);
  };

  app.post('/_control/transfers', async (request) => {
    const body = (request.body ?? {}) as Partial<Switches> & { reset?: boolean };
    const next = body.reset ? defaults() : { ...switches };
    if (body.outcome === 'success' || body.outcome === 'failed' || body.outcome === 'reversed') next.outcome = body.outcome;
    if (typeof body.otp === 'boolean') next.otp = body.otp;
    if (typeof body.webhooks === 'boolean') next.webhooks = body.webhooks;
    if (typeof body.delayMs === 'number') next.delayMs = Math.max(0, Math.min(60_000, body.delayMs));
    if (body.fault === 'error' || body.fault === 'lost' || body.fault === null) {
      next.fault = body.fault;
      next.faultCount = Math.max(0, Math.min(100, Number(body.faultCount ?? 1)));
    }
    if (typeof body.balanceMinor === 'number' && Number.isSafeInteger(body.balanceMinor) && body.balanceMinor >= 0) next.balanceMinor = body.balanceMinor;
    if (body.refuse === null || typeof body.refuse === 'string') next.refuse = body.refuse ? body.refuse.slice(0, SANDBOX_REFUSAL_LENGTH_MAX) : null;
    switches = next;
    return { status: true, switches };
  });

  /** The business's balance, as Paystack lists it (one entry per currency, in kobo). */
  app.get('/balance', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    return { status: true, message: 'Balances retrieved', data: [{ currency: 'NGN', balance: switches.balanceMinor }] };
  });

  app.get('/bank', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    const currency = String((request.query as { currency?: string }).currency ?? 'NGN');
    return { status: true, message: 'Banks retrieved', data: currency === 'NGN' ? SANDBOX_BANKS.map((b, i) => ({ id: i + 1, name: b.name, code: b.code, currency: 'NGN', type: 'nuban', active: true })) : [] };
  });

  app.get('/bank/resolve', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    const { account_number: accountNumber = '', bank_code: bankCode = '' } = request.query as { account_number?: string; bank_code?: string };
    if (!/^\d{10}$/.test(accountNumber) || !SANDBOX_BANKS.some((b) => b.code === bankCode) || accountNumber.endsWith('0000')) {
      return reply.status(422).send({ status: false, message: 'Could not resolve account name. Check parameters or try again.' });
    }
    return { status: true, message: 'Account number resolved', data: { account_number: accountNumber, account_name: sandboxAccountName(accountNumber), bank_id: 1 } };
  });

  app.post('/transferrecipient', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    const body = (request.body ?? {}) as Record<string, unknown>;
    const accountNumber = String(body.account_number ?? '');
    const bankCode = String(body.bank_code ?? '');
    if (body.type !== 'nuban' || !/^\d{10}$/.test(accountNumber) || !SANDBOX_BANKS.some((b) => b.code === bankCode)) return reply.status(400).send({ status: false, message: 'Invalid recipient' });
    const key = `${bankCode}/${accountNumber}`;
    let recipient = recipients.get(key);
    if (!recipient) {
      recipient = { code: `RCP_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`, name: String(body.name ?? ''), accountNumber, bankCode };
      recipients.set(key, recipient);
    }
    const bank = SANDBOX_BANKS.find((b) => b.code === bankCode)!;
    return { status: true, message: 'Transfer recipient created successfully', data: { recipient_code: recipient.code, type: 'nuban', name: recipient.name, currency: 'NGN', details: { account_number: accountNumber, bank_code: bankCode, bank_name: bank.name } } };
  });

  app.post('/transfer', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    const body = (request.body ?? {}) as Record<string, unknown>;
    const reference = String(body.reference ?? '');
    const amount = Number(body.amount);
    const recipient = String(body.recipient ?? '');
    if (!Number.isSafeInteger(amount) || amount <= 0) return reply.status(400).send({ status: false, message: 'Invalid amount' });
    if (!/^[a-z0-9_-]{16,100}$/.test(reference)) return reply.status(400).send({ status: false, message: 'Invalid reference' });
    if (![...recipients.values()].some((r) => r.code === recipient)) return reply.status(400).send({ status: false, message: 'Invalid recipient' });
    if (switches.fault === 'error' && switches.faultCount > 0) {
      if (--switches.faultCount === 0) switches.fault = null;
      return reply.status(503).send({ status: false, message: 'Service unavailable (sandbox fault)' });
    }
    if (transfers.has(reference)) return reply.status(400).send({ status: false, message: 'Duplicate Transfer Reference' });
    if (switches.refuse) return reply.status(400).send({ status: false, message: switches.refuse });
    if (amount > switches.balanceMinor) return reply.status(400).send({ status: false, message: PAYSTACK_LOW_BALANCE_MESSAGE });
    switches.balanceMinor -= amount;
    if (transfers.size >= SANDBOX_TRANSFERS_MAX) return reply.status(429).send({ status: false, message: 'Sandbox is full' });
    const transfer: SandboxTransfer = {
      reference,
      transferCode: `TRF_${createHash('sha256').update(reference).digest('hex').slice(0, 16)}`,
      amount,
      currency: String(body.currency ?? 'NGN'),
      recipient,
      reason: String(body.reason ?? ''),
      status: switches.otp ? 'otp' : 'pending',
      outcome: switches.outcome,
      createdAt: new Date().toISOString(),
    };
    transfers.set(reference, transfer);
    byCode.set(transfer.transferCode, reference);
    if (transfer.status === 'pending') settleLater(transfer);
    if (switches.fault === 'lost' && switches.faultCount > 0) {
      if (--switches.faultCount === 0) switches.fault = null;
      return reply.status(503).send({ status: false, message: 'Service unavailable (sandbox fault, transfer made)' });
    }
    return { status: true, message: transfer.status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued', data: json(transfer) };
  });

  app.post('/transfer/finalize_transfer', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    const body = (request.body ?? {}) as Record<string, unknown>;
    const transfer = transfers.get(byCode.get(String(body.transfer_code ?? '')) ?? '');
    if (!transfer) return reply.status(404).send({ status: false, message: 'Transfer not found' });
    if (transfer.status !== 'otp') return reply.status(400).send({ status: false, message: 'Transfer is not currently awaiting OTP' });
    if (String(body.otp ?? '') !== SANDBOX_OTP) return reply.status(400).send({ status: false, message: 'Invalid OTP' });
    transfer.status = 'pending';
    settleLater(transfer);
    return { status: true, message: 'Transfer has been queued', data: json(transfer) };
  });

  app.get('/transfer/verify/:reference', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    const transfer = transfers.get((request.params as { reference: string }).reference);
    if (!transfer) return reply.status(404).send({ status: false, message: 'Transfer not found' });
    return { status: true, message: 'Transfer retrieved', data: json(transfer) };
  });

  function json(t: SandboxTransfer) {
    return { reference: t.reference, transfer_code: t.transferCode, amount: t.amount, currency: t.currency, status: t.status, reason: t.reason, recipient: t.recipient, createdAt: t.createdAt };
  }

  /** Pending → the switched outcome after the delay; a reversal first succeeds, then comes back. */
  function settleLater(transfer: SandboxTransfer): void {
    const { delayMs, webhooks } = switches;
    later(delayMs, () => {
      transfer.status = transfer.outcome === 'failed' ? 'failed' : 'success';
      if (webhooks) void sendWebhook(transfer, `transfer.${transfer.status}`);
      if (transfer.outcome === 'reversed') {
        later(delayMs, () => {
          transfer.status = 'reversed';
          if (webhooks) void sendWebhook(transfer, 'transfer.reversed');
        });
      }
    });
  }

  /** Like Paystack: signed with HMAC-SHA512 of the raw body; a failed delivery is retried a few times. */
  async function sendWebhook(transfer: SandboxTransfer, event: string, attempt = 1): Promise<void> {
    const body = JSON.stringify({ event, data: { ...json(transfer), status: event.slice('transfer.'.length) } });
    const ok = await fetch(`${selfBaseUrl(app)}/api/paystack/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhookBody(body, paystackSecret(app)) },
      body,
      signal: AbortSignal.timeout(10_000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (!ok && attempt < 3) later(1000 * attempt, () => void sendWebhook(transfer, event, attempt + 1));
  }
}
