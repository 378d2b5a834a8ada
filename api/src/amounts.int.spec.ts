// Proves one amount rule on every route that takes money (deposits, bank and crypto withdrawals, a challenge's stake, a pool's entry fee, safer-play limits): a JSON number is read exactly as the same decimal string, a required amount is never defaulted, and a third decimal, a sign or exponent notation is refused in the route's own words, with nothing recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { createTestHarness, type TestHarness } from './testing/app.js';
import { fundedPlayer, type Player } from './contexts/bets/testing.js';

let h: TestHarness;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  h = await createTestHarness({ label: 'amounts' });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
});

/** A verified player with ₦10,000 and a bank account past its new-account wait. */
async function player(): Promise<Player & { bankAccountId: string }> {
  const p = await fundedPlayer(h, '10000.00');
  await h.deps.db.updateTable('users').set({ is_email_verified: true, is_phone_verified: true }).where('id', '=', p.id).execute();
  const account = await h.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: p.headers, payload: { bankCode: '058', accountNumber: `02${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}` } });
  expect(account.statusCode, account.body).toBe(200);
  h.clock.advance(DAY + 1000);
  return { ...p, bankAccountId: (account.json() as { id: string }).id };
}

interface AmountRoute {
  readonly name: string;
  readonly url: string;
  readonly method?: 'POST' | 'PUT';
  /** The body with the amount given (or left out, for `undefined`). */
  readonly body: (p: Player & { bankAccountId: string }, amount: unknown) => Record<string, unknown>;
  /** A valid amount, as the client would type it. */
  readonly valid: string;
  /** The answer to it when not a success (a crypto withdrawal without crypto balance is refused after the amount is read). */
  readonly validRefusedWith?: string;
  /** Where the answer echoes the amount read. */
  readonly echo: (answer: Record<string, unknown>) => unknown;
  /** The words for a missing amount, where the route requires one. */
  readonly required?: string;
  readonly decimals: string;
  readonly negative: string;
  readonly invalid: string;
  /** What must still be empty after a refusal. */
  readonly nothingRecorded: (p: Player) => Promise<number>;
}

const count = async (table: 'paystack_deposits' | 'bank_withdrawals' | 'bets' | 'fpl_pools' | 'crypto_deposits', column: 'user_id' | 'challenger_id' | 'creator_id', userId: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(h.deps.db)).rows[0]!.n);

const ROUTES: AmountRoute[] = [
  {
    name: 'Paystack deposit',
    url: '/api/paystack/deposits/initialize',
    body: (_p, amount) => ({ email: 'player@example.com', ...(amount === undefined ? {} : { amount }) }),
    valid: '1500',
    echo: () => undefined,
    required: 'Amount is required',
    decimals: 'Amount must have at most 2 decimal places',
    negative: 'Minimum deposit amount is ₦100',
    invalid: 'Amount must not use exponent notation',
    nothingRecorded: (p) => count('paystack_deposits', 'user_id', p.id),
  },
  {
    name: 'bank withdrawal',
    url: '/api/withdrawals/bank',
    body: (p, amount) => ({ bankAccountId: p.bankAccountId, ...(amount === undefined ? {} : { amount }) }),
    valid: '1500',
    echo: (a) => a.amount,
    required: 'Amount is required',
    decimals: 'Amount must have at most 2 decimal places',
    negative: 'Minimum withdrawal amount is ₦1,000',
    invalid: 'Amount must not use exponent notation',
    nothingRecorded: (p) => count('bank_withdrawals', 'user_id', p.id),
  },
  {
    name: 'crypto deposit',
    url: '/api/crypto/deposits/create',
    body: (_p, amount) => ({ cryptocurrency: 'USDT', network: 'TRC20', ...(amount === undefined ? {} : { cryptoAmount: amount }) }),
    valid: '25.5',
    echo: (a) => a.amount,
    required: 'Amount is required',
    decimals: 'Amount must have at most 8 decimal places',
    negative: 'Amount must be between 10 and 10000 USDT',
    invalid: 'Amount must not use exponent notation',
    nothingRecorded: (p) => count('crypto_deposits', 'user_id', p.id),
  },
  {
    name: 'crypto withdrawal',
    url: '/api/crypto/withdrawals/create',
    body: (_p, amount) => ({ cryptocurrency: 'USDT', network: 'TRC20', withdrawalAddress: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', ...(amount === undefined ? {} : { cryptoAmount: amount }) }),
    valid: '25.5',
    validRefusedWith: 'insufficient_crypto_balance',
    echo: (a) => a,
    required: 'Amount is required',
    decimals: 'Amount must have at most 8 decimal places',
    negative: 'Amount must be between 10 and 10000 USDT',
    invalid: 'Amount must not use exponent notation',
    nothingRecorded: async (p) => Number((await sql<{ n: string }>`select count(*) as n from crypto_withdrawals where user_id = ${p.id}`.execute(h.deps.db)).rows[0]!.n),
  },
  {
    name: 'challenge stake',
    url: '/api/bets',
    body: (_p, amount) => ({ gameType: 'fc25', visibility: 'public', ...(amount === undefined ? {} : { amount }) }),
    valid: '150',
    echo: (a) => (a.bet as { amount: string }).amount,
    required: 'Bet amount is required',
    decimals: 'Amount can have maximum 2 decimal places',
    negative: 'Minimum bet amount is 10',
    invalid: 'Bet amount must be a number',
    nothingRecorded: (p) => count('bets', 'challenger_id', p.id),
  },
  {
    name: 'pool entry fee',
    url: '/api/fpl/pools',
    body: (_p, amount) => ({ name: 'Amounts pool', ...(amount === undefined ? {} : { entryFee: amount }) }),
    valid: '25',
    echo: (a) => (a.pool as { entryFee: string }).entryFee,
    required: 'Entry fee is required',
    decimals: 'Entry fee can have maximum 2 decimal places',
    negative: 'Minimum entry fee is 0.01',
    invalid: 'Entry fee must be a number',
    nothingRecorded: (p) => count('fpl_pools', 'creator_id', p.id),
  },
  {
    name: 'daily stake limit',
    url: '/api/user/limits',
    method: 'PUT',
    body: (_p, amount) => (amount === undefined ? {} : { stakeDaily: amount }),
    valid: '20000',
    echo: (a) => (a.stakeDaily as { limit: string | null }).limit,
    decimals: 'Daily stake limit must have at most 2 decimal places',
    negative: 'Daily stake limit must be greater than zero',
    invalid: 'Daily stake limit must not use exponent notation',
    nothingRecorded: async () => 0,
  },
];

function send(route: AmountRoute, p: Player & { bankAccountId: string }, amount: unknown): Promise<LightMyRequestResponse> {
  return h.app.inject({ method: route.method ?? 'POST', url: route.url, headers: p.headers, payload: route.body(p, amount) });
}

describe.each(ROUTES)('$name', (route) => {
  it('reads a JSON number exactly as the same decimal string', async () => {
    const p = await player();
    const asText = await send(route, p, route.valid);
    if (route.validRefusedWith) expect(asText.json().code, asText.body).toBe(route.validRefusedWith);
    else expect(asText.statusCode, asText.body).toBeLessThan(300);
    const asNumber = await send(route, p, Number(route.valid));
    expect(asNumber.statusCode, asNumber.body).toBe(asText.statusCode);
    expect(route.echo(asNumber.json())).toEqual(route.echo(asText.json()));
  });

  it('refuses a missing amount, a third decimal, a sign and exponent notation in the route\'s words, recording nothing', async () => {
    const p = await player();
    const decimals = route.decimals.includes('8 decimal') ? '25.123456789' : '25.125';
    const cases: [unknown, string][] = [
      [decimals, route.decimals],
      [Number(decimals), route.decimals],
      ['-25', route.negative],
      [-25, route.negative],
      ['2e3', route.invalid],
      ...(route.required ? ([[undefined, route.required], ['', route.required]] as [unknown, string][]) : []),
    ];
    for (const [amount, error] of cases) {
      const refused = await send(route, p, amount);
      expect(refused.statusCode, `${JSON.stringify(amount)}: ${refused.body}`).toBe(400);
      expect(refused.json().error, JSON.stringify(amount)).toBe(error);
      expect(refused.json().code).toMatch(/^[a-z_]+$/);
    }
    expect(await route.nothingRecorded(p)).toBe(0);
  });
});
