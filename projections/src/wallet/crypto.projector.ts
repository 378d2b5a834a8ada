import type { CryptoDepositEvent, WalletEvent } from '@wager/domain/wallet/index';
import type { Projector } from '../projector.js';

/**
 * `crypto_deposits`: one row per deposit from its `cryptodeposit-<id>` stream; `confirmed` and
 * `credited` once the wallet's CryptoDepositCredited arrives. Confirmations only grow and a
 * terminal status is never overwritten, so repeats change nothing.
 */
export const cryptoDepositsProjector: Projector = {
  name: 'crypto_deposits',
  tables: ['crypto_deposits'],
  eventTypes: ['CryptoDepositCreated', 'CryptoDepositConfirming', 'CryptoDepositConfirmed', 'CryptoDepositExpired', 'CryptoDepositFailed', 'CryptoDepositCredited'],
  async apply(db, recorded) {
    const event = { type: recorded.type, data: recorded.data } as CryptoDepositEvent | WalletEvent;
    switch (event.type) {
      case 'CryptoDepositCreated': {
        const d = event.data;
        await db
          .insertInto('crypto_deposits')
          .values({
            id: d.depositId,
            user_id: d.userId,
            cryptocurrency: d.cryptocurrency,
            network: d.network,
            crypto_amount: d.cryptoAmount,
            rate: d.rate,
            usd_amount: d.usdAmount,
            address: d.address,
            status: 'pending',
            confirmations: 0,
            tx_hash: null,
            credited: false,
            expires_at: d.expiresAt,
            created_at: d.createdAt,
            updated_at: d.createdAt,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'CryptoDepositConfirming': {
        const d = event.data;
        await db
          .updateTable('crypto_deposits')
          .set({ status: 'confirming', confirmations: d.confirmations, tx_hash: d.txHash, updated_at: d.updatedAt })
          .where('id', '=', d.depositId)
          .where('status', 'in', ['pending', 'confirming', 'expired'])
          .where('confirmations', '<=', d.confirmations)
          .execute();
        return;
      }
      case 'CryptoDepositConfirmed': {
        const d = event.data;
        await db.updateTable('crypto_deposits').set({ status: 'confirmed', confirmations: d.confirmations, tx_hash: d.txHash, updated_at: d.confirmedAt }).where('id', '=', d.depositId).execute();
        return;
      }
      case 'CryptoDepositExpired':
        await db.updateTable('crypto_deposits').set({ status: 'expired', updated_at: event.data.expiredAt }).where('id', '=', event.data.depositId).where('status', '=', 'pending').execute();
        return;
      case 'CryptoDepositFailed':
        await db.updateTable('crypto_deposits').set({ status: 'failed', updated_at: event.data.failedAt }).where('id', '=', event.data.depositId).where('status', '!=', 'confirmed').execute();
        return;
      case 'CryptoDepositCredited':
        await db.updateTable('crypto_deposits').set({ credited: true, status: 'confirmed', confirmations: 3 }).where('id', '=', event.data.depositId).execute();
        return;
      default:
        return;
    }
  },
};

/** The cancel reason of an admin's KYC rejection (the wallet decider's `RejectWithdrawalKyc`). */
export const KYC_REJECTED_REASON = 'kyc_rejected';

/**
 * `crypto_withdrawals`: one row per withdrawal, from the wallet stream. Statuses only move
 * forward. `kyc_status` follows the events: `approved` on WithdrawalKycCleared, `rejected` on a
 * cancel for a KYC rejection.
 */
export const cryptoWithdrawalsProjector: Projector = {
  name: 'crypto_withdrawals',
  tables: ['crypto_withdrawals'],
  eventTypes: ['WithdrawalRequested', 'WithdrawalKycCleared', 'WithdrawalSubmitted', 'WithdrawalCompleted', 'WithdrawalCancelled'],
  async apply(db, recorded) {
    const event = { type: recorded.type, data: recorded.data } as WalletEvent;
    switch (event.type) {
      case 'WithdrawalRequested': {
        const d = event.data;
        await db
          .insertInto('crypto_withdrawals')
          .values({
            id: d.withdrawalId,
            user_id: d.userId,
            cryptocurrency: d.cryptocurrency,
            network: d.network,
            crypto_amount: d.cryptoAmount,
            usd_amount: d.usdAmount,
            withdrawal_address: d.withdrawalAddress,
            status: 'pending',
            kyc_status: d.kycStatus,
            requires_kyc: d.requiresKyc,
            review_reasons: d.reviewReasons ? [...d.reviewReasons] : d.requiresKyc ? ['unverified'] : [],
            provider_reference: null,
            tx_hash: null,
            cancel_reason: null,
            created_at: d.requestedAt,
            updated_at: d.requestedAt,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'WithdrawalKycCleared':
        await db.updateTable('crypto_withdrawals').set({ kyc_status: 'approved', updated_at: event.data.clearedAt }).where('id', '=', event.data.withdrawalId).execute();
        return;
      case 'WithdrawalSubmitted':
        await db
          .updateTable('crypto_withdrawals')
          .set({ status: 'processing', provider_reference: event.data.providerReference, updated_at: event.data.submittedAt })
          .where('id', '=', event.data.withdrawalId)
          .where('status', '=', 'pending')
          .execute();
        return;
      case 'WithdrawalCompleted':
        await db
          .updateTable('crypto_withdrawals')
          .set({ status: 'completed', tx_hash: event.data.txHash, updated_at: event.data.completedAt })
          .where('id', '=', event.data.withdrawalId)
          .where('status', 'in', ['pending', 'processing'])
          .execute();
        return;
      case 'WithdrawalCancelled':
        await db
          .updateTable('crypto_withdrawals')
          // An admin's KYC rejection is a cancel with reason kyc_rejected: the KYC status follows it, never stays `pending`.
          .set({ status: 'cancelled', cancel_reason: event.data.reason, updated_at: event.data.cancelledAt, ...(event.data.reason === KYC_REJECTED_REASON ? { kyc_status: 'rejected' } : {}) })
          .where('id', '=', event.data.withdrawalId)
          .where('status', 'in', ['pending', 'processing'])
          .execute();
        return;
      default:
        return;
    }
  },
};
