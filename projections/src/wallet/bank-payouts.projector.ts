import { ERASED_VALUE } from '@wager/domain';
import { reviewReasonsOf, type BankAccountEvent, type BankAccountIdReplacedData, type BankTransferAttentionEvent, type BankWithdrawalEvent } from '@wager/domain/wallet/index';
import type { Projector } from '../projector.js';

/**
 * `bank_accounts`: one row per account added; adding the same account again changes nothing.
 * `BankAccountIdReplaced` moves an account with the id derived from its number to its random id.
 */
export const bankAccountsProjector: Projector = {
  name: 'bank_accounts',
  tables: ['bank_accounts'],
  eventTypes: ['BankAccountAdded', 'BankAccountIdReplaced', 'PersonErased'],
  async apply(db, recorded) {
    if (recorded.type === 'PersonErased') {
      // The holder's name is theirs; the bank, the masked number and the recipient stay for the payout records.
      await db.updateTable('bank_accounts').set({ account_name: ERASED_VALUE }).where('user_id', '=', (recorded.data as { userId: string }).userId).execute();
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as BankAccountEvent;
    if (event.type === 'BankAccountIdReplaced') {
      const d = event.data;
      await db.updateTable('bank_accounts').set({ id: d.bankAccountId, id_scheme: 'random' }).where('id', '=', d.formerBankAccountId).where('user_id', '=', d.userId).execute();
      return;
    }
    const d = event.data;
    await db
      .insertInto('bank_accounts')
      .values({
        id: d.bankAccountId,
        user_id: d.userId,
        bank_code: d.bankCode,
        bank_name: d.bankName,
        account_name: d.accountName,
        account_number_masked: d.accountNumberMasked,
        recipient_code: d.recipientCode,
        added_at: d.addedAt,
        id_scheme: d.accountFingerprint === undefined ? 'legacy' : 'random',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
};

/**
 * `bank_withdrawals`: one row per withdrawal from the wallet stream. Statuses only move
 * forward (requested → sent → paid → returned on a reversal), so a repeat changes nothing.
 * `provider_status` follows every event that reports Paystack's status (sent, a later change
 * such as otp → pending once an OTP is entered, paid, returned), never only the first.
 */
export const bankWithdrawalsProjector: Projector = {
  name: 'bank_withdrawals',
  tables: ['bank_withdrawals'],
  eventTypes: ['BankWithdrawalRequested', 'BankWithdrawalSent', 'BankWithdrawalProviderStatusChanged', 'BankWithdrawalPaid', 'BankWithdrawalReturned', 'BankWithdrawalHeld', 'BankWithdrawalReleased', 'BankTransferAttemptFailed', 'BankWithdrawalNeedsAttention', 'BankWithdrawalRetried', 'BankAccountIdReplaced', 'PersonErased'],
  async apply(db, recorded) {
    if (recorded.type === 'PersonErased') {
      await db.updateTable('bank_withdrawals').set({ account_name: ERASED_VALUE }).where('user_id', '=', (recorded.data as { userId: string }).userId).execute();
      return;
    }
    if (recorded.type === 'BankAccountIdReplaced') {
      // Withdrawals to an account added before ids were random name its new id from now on.
      const d = recorded.data as BankAccountIdReplacedData;
      await db.updateTable('bank_withdrawals').set({ bank_account_id: d.bankAccountId }).where('bank_account_id', '=', d.formerBankAccountId).where('user_id', '=', d.userId).execute();
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as BankWithdrawalEvent | BankTransferAttentionEvent;
    const row = (id: string) => db.updateTable('bank_withdrawals').where('id', '=', id);
    switch (event.type) {
      case 'BankWithdrawalRequested': {
        const d = event.data;
        const reviewReasons = [...reviewReasonsOf(d)];
        await db
          .insertInto('bank_withdrawals')
          .values({
            id: d.withdrawalId,
            user_id: d.userId,
            bank_account_id: d.bankAccountId,
            bank_name: d.bankName,
            account_name: d.accountName,
            account_number_masked: d.accountNumberMasked,
            recipient_code: d.recipientCode,
            amount: d.amount,
            currency: d.currency,
            reference: d.reference,
            status: 'requested',
            transfer_code: null,
            provider_status: null,
            requires_kyc: d.requiresKyc,
            kyc_pending: reviewReasons.length > 0,
            review_reasons: reviewReasons,
            automatic: reviewReasons.length === 0,
            admin_held: false,
            hold_reason: null,
            return_reason: null,
            not_before: d.notBefore,
            requested_at: d.requestedAt,
            sent_at: null,
            paid_at: null,
            returned_at: null,
            updated_at: d.requestedAt,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'BankWithdrawalSent': {
        const d = event.data;
        await row(d.withdrawalId).set({ status: 'sent', transfer_code: d.transferCode, provider_status: d.providerStatus, sent_at: d.sentAt, updated_at: d.sentAt }).where('status', '=', 'requested').execute();
        // Paystack holds it until an admin enters the OTP it sent the business: a person is in the loop.
        if (d.providerStatus === 'otp') await row(d.withdrawalId).set({ automatic: false }).execute();
        return;
      }
      case 'BankWithdrawalProviderStatusChanged': {
        const d = event.data;
        // Only while sent: a paid or returned row keeps the final status its outcome recorded.
        await row(d.withdrawalId).set({ provider_status: d.providerStatus, updated_at: d.changedAt }).where('status', '=', 'sent').execute();
        return;
      }
      case 'BankWithdrawalPaid': {
        const d = event.data;
        await row(d.withdrawalId).set({ status: 'paid', provider_status: 'success', paid_at: d.paidAt, updated_at: d.paidAt }).where('status', 'in', ['requested', 'sent']).execute();
        return;
      }
      case 'BankWithdrawalReturned': {
        const d = event.data;
        await row(d.withdrawalId).set({ status: 'returned', provider_status: d.providerStatus, return_reason: d.reason, returned_at: d.returnedAt, updated_at: d.returnedAt }).where('status', '!=', 'returned').execute();
        return;
      }
      case 'BankWithdrawalHeld': {
        const d = event.data;
        // A person stepped in: whatever happens next, it is no longer an automatic payout.
        await row(d.withdrawalId).set({ admin_held: true, hold_reason: d.reason, automatic: false, updated_at: d.heldAt }).execute();
        return;
      }
      case 'BankWithdrawalReleased': {
        const d = event.data;
        // A release also ends the new-account wait (the decider's rule): not before the release.
        await row(d.withdrawalId).set({ admin_held: false, kyc_pending: false, hold_reason: null, automatic: false, updated_at: d.releasedAt }).execute();
        await row(d.withdrawalId).set({ not_before: d.releasedAt }).where('not_before', '>', new Date(d.releasedAt)).execute();
        return;
      }
      case 'BankTransferAttemptFailed': {
        const d = event.data;
        // Set, not added: the event carries the round's count, so applying it twice changes nothing.
        await row(d.withdrawalId).set({ send_attempts: d.attempt, last_send_error: d.reason, last_send_failed_at: d.failedAt, next_attempt_at: d.nextAttemptAt, updated_at: d.failedAt }).where('status', '=', 'requested').execute();
        return;
      }
      case 'BankWithdrawalNeedsAttention': {
        const d = event.data;
        await row(d.withdrawalId).set({ attention_reason: d.reason, attention_at: d.markedAt, next_attempt_at: null }).where('status', '=', 'requested').execute();
        return;
      }
      case 'BankWithdrawalRetried': {
        const d = event.data;
        await row(d.withdrawalId).set({ attention_reason: null, attention_at: null, send_attempts: 0, next_attempt_at: d.retriedAt, updated_at: d.retriedAt }).where('status', '=', 'requested').execute();
        return;
      }
      default:
        return;
    }
  },
};
