import type { PaystackDepositEvent, WalletEvent } from '@wager/domain/wallet/index';
import type { Projector } from '../projector.js';

/**
 * `paystack_deposits`: one row per deposit, from its `paystack-<reference>` stream, marked
 * credited when the wallet's DepositCredited arrives. Status only moves forward
 * (pending → failed/abandoned → success), so repeats change nothing.
 */
export const paystackDepositsProjector: Projector = {
  name: 'paystack_deposits',
  tables: ['paystack_deposits'],
  eventTypes: ['PaystackDepositInitialized', 'PaystackCheckoutOpened', 'PaystackDepositSucceeded', 'PaystackDepositFailed', 'PaystackDepositRejected', 'DepositCredited'],
  async apply(db, recorded) {
    const event = { type: recorded.type, data: recorded.data } as PaystackDepositEvent | WalletEvent;
    switch (event.type) {
      case 'PaystackDepositInitialized': {
        const d = event.data;
        await db
          .insertInto('paystack_deposits')
          .values({ id: d.depositId, user_id: d.userId, reference: d.reference, amount: d.amount, currency: d.currency, email: d.email, status: 'pending', channel: null, gateway_response: null, authorization_url: null, credited: false, created_at: d.initializedAt, updated_at: d.initializedAt })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'PaystackCheckoutOpened':
        await db.updateTable('paystack_deposits').set({ authorization_url: event.data.authorizationUrl }).where('id', '=', event.data.depositId).execute();
        return;
      case 'PaystackDepositSucceeded': {
        const d = event.data;
        await db.updateTable('paystack_deposits').set({ status: 'success', channel: d.channel, gateway_response: d.gatewayResponse, updated_at: d.succeededAt }).where('id', '=', d.depositId).execute();
        return;
      }
      case 'PaystackDepositFailed': {
        const d = event.data;
        await db.updateTable('paystack_deposits').set({ status: d.status, channel: d.channel, gateway_response: d.gatewayResponse, updated_at: d.failedAt }).where('id', '=', d.depositId).where('status', '=', 'pending').execute();
        return;
      }
      case 'PaystackDepositRejected': {
        const d = event.data;
        await db.updateTable('paystack_deposits').set({ status: 'failed', gateway_response: d.reason, updated_at: d.rejectedAt }).where('id', '=', d.depositId).where('status', '!=', 'success').execute();
        return;
      }
      case 'DepositCredited':
        await db.updateTable('paystack_deposits').set({ credited: true, status: 'success' }).where('reference', '=', event.data.reference).execute();
        return;
      default:
        return;
    }
  },
};
