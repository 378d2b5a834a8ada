// Proves an admin's KYC rejection cancels only a withdrawal still waiting for KYC, returns its hold, and cannot race an approval.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from './decider.js';
import type { WalletState } from './state.js';
import type { WalletCommand } from './commands.js';
import type { WalletEvent } from './events.js';
import { reviewInputs } from './testing/payout-review.js';

const userId = 'u-1';
const now = new Date('2026-11-24T01:00:00.000Z');
const spec = deciderSpec(walletDecider);
const given = (...commands: WalletCommand[]): WalletState => spec.stateAfter(commands);
const credit: WalletCommand = { type: 'CreditCryptoDeposit', data: { userId, depositId: 'c1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '50', rate: '1', usdAmount: '50.00' }, metadata: { now } };
const request = (requiresKyc: boolean): WalletCommand => ({
  type: 'RequestWithdrawal',
  data: { userId, withdrawalId: 'w1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '20', withdrawalAddress: 'T', rate: '1', usdAmount: '20.00', ...reviewInputs(!requiresKyc) },
  metadata: { now },
});
const reject: WalletCommand = { type: 'RejectWithdrawalKyc', data: { userId, withdrawalId: 'w1', rejectedBy: 'admin-1' }, metadata: { now } };

describe('RejectWithdrawalKyc', () => {
  it('cancels a KYC-held withdrawal with reason kyc_rejected and returns the hold; a repeat decides nothing', () => {
    const held = given(credit, request(true));
    expect(held.crypto.toFixed(2)).toBe('30.00');
    const rejected = spec.givenState(held).when(reject);
    rejected.then((events) => expect(events).toMatchObject([{ type: 'WithdrawalCancelled', data: { withdrawalId: 'w1', reason: 'kyc_rejected', usdAmount: '20.00' } }]));
    const after = rejected.after();
    expect(after.crypto.toFixed(2)).toBe('50.00');
    spec.givenState(after).when(reject).thenNothing();
    // An approval after the rejection is refused.
    expect(spec.givenState(after).when({ type: 'ClearWithdrawalKyc', data: { userId, withdrawalId: 'w1', clearedBy: 'admin-2' }, metadata: { now } }).thenRefused().message).toContain('Withdrawal is cancelled');
  });

  it('refuses once KYC was cleared or was never needed', () => {
    const cleared = given(credit, request(true), { type: 'ClearWithdrawalKyc', data: { userId, withdrawalId: 'w1', clearedBy: 'admin-2' }, metadata: { now } });
    expect(spec.givenState(cleared).when(reject).thenRefused().message).toContain('Withdrawal is not waiting for KYC');
    expect(spec.givenState(given(credit, request(false))).when(reject).thenRefused().message).toContain('Withdrawal is not waiting for KYC');
    expect(spec.givenState(given(credit)).when(reject).thenRefused().message).toContain('Withdrawal not found');
  });

  it('property: whatever order approvals, rejections, submissions, completions and cancellations come in, the hold returns at most once and a rejected withdrawal is never sent', () => {
    const steps: Record<string, WalletCommand> = {
      clear: { type: 'ClearWithdrawalKyc', data: { userId, withdrawalId: 'w1', clearedBy: 'admin-2' }, metadata: { now } },
      reject,
      submit: { type: 'MarkWithdrawalSubmitted', data: { userId, withdrawalId: 'w1', providerReference: 'p' }, metadata: { now } },
      complete: { type: 'CompleteWithdrawal', data: { userId, withdrawalId: 'w1', txHash: 'h' }, metadata: { now } },
      cancel: { type: 'CancelWithdrawal', data: { userId, withdrawalId: 'w1', reason: 'provider' }, metadata: { now } },
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...Object.keys(steps)), { maxLength: 12 }), (sequence) => {
        let state = given(credit, request(true));
        const recorded: WalletEvent[] = [];
        for (const step of sequence) {
          const decided = spec.givenState(state).when(steps[step]!);
          // A refusal changes nothing.
          if (decided.refusal()) continue;
          recorded.push(...decided.events());
          state = decided.after();
        }
        const types = recorded.map((e) => e.type);
        const rejected = recorded.some((e) => e.type === 'WithdrawalCancelled' && e.data.reason === 'kyc_rejected');
        expect(types.filter((t) => t === 'WithdrawalCancelled').length).toBeLessThanOrEqual(1);
        if (rejected) expect(types).not.toContain('WithdrawalKycCleared');
        if (rejected) expect(types).not.toContain('WithdrawalSubmitted');
        const returned = types.includes('WithdrawalCancelled');
        expect(state.crypto.toFixed(2)).toBe(returned ? '50.00' : '30.00');
        if (types.includes('WithdrawalSubmitted')) expect(types.indexOf('WithdrawalKycCleared')).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
