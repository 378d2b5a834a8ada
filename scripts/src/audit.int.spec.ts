// Proves `npm run audit -- verify` passes on a sound ledger and fails (non-zero) when a read table disagrees with the log.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { v4 as uuidv4 } from 'uuid';
import { deterministicId } from '@wager/domain/wallet/index';
import { createTestHarness, type TestHarness } from '../../api/src/testing/app.js';
import { executeWalletCommand, lockStake } from '../../api/src/routes/wallet/service.js';
import { auditStatement, auditVerify } from './audit.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'audit' });
  process.env.DATABASE_URL = h.databaseUrl;
  delete process.env.EVENTSTORE_URL;
});
afterAll(async () => {
  await h.close();
});

describe('audit verify', () => {
  it('passes on a sound ledger, prints a statement, and fails when account_balances is tampered with', async () => {
    const userId = uuidv4();
    const ref = `ref_${uuidv4()}`;
    await executeWalletCommand(h.deps, { type: 'CreditDeposit', userId, depositId: ref, provider: 'paystack', reference: ref, amount: '900.00', currency: 'NGN', now: h.clock.now() }, deterministicId('paystack', ref, 'credit'));
    await lockStake(h.deps, { eventId: uuidv4(), userId, holdId: uuidv4(), holdKind: 'bet', stake: '100.00' });
    await h.settle();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await auditVerify()).toBe(0);
    expect(await auditStatement(userId, new Date('2100-01-01'))).toBe(0);
    expect(log.mock.calls.map((c) => String(c[0])).join('\n')).toContain(`user:${userId}:available:NGN\t798.00`);
    await h.deps.db.updateTable('account_balances').set({ balance: '1000.00' }).where('account', '=', `user:${userId}:available:NGN`).execute();
    expect(await auditVerify()).toBe(1);
    log.mockRestore();
  });
});
