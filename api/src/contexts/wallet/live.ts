/**
 * Who hears of the wallet context's streams over /ws: a user hears of their own wallet
 * (`wallet-<id>`) and of their own deposits (`paystack-<reference>`, `cryptodeposit-<id>`), so a
 * failed or abandoned payment, which moves no money, still shows its new status live.
 */
import { cryptoDepositStreamId, paystackDepositStreamId } from '@wager/domain/wallet/index';
import type { LiveRules, StreamGrant } from '../../runtime/visibility.js';

/** How many of a user's recent deposits a socket follows from the start (newer ones arrive by grants). */
export const LIVE_DEPOSITS_PER_USER_MAX = 100;

function grants(event: { streamId: string; type: string; data: unknown }): StreamGrant[] {
  if (event.type !== 'PaystackDepositInitialized' && event.type !== 'CryptoDepositCreated') return [];
  return [{ userId: (event.data as { userId: string }).userId, streamId: event.streamId }];
}

export const walletLive: LiveRules = {
  ownStreamTypes: ['wallet'],
  async streamsOf(db, userId) {
    const [paystack, crypto] = await Promise.all([
      db.selectFrom('paystack_deposits').select('reference').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(LIVE_DEPOSITS_PER_USER_MAX).execute(),
      db.selectFrom('crypto_deposits').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(LIVE_DEPOSITS_PER_USER_MAX).execute(),
    ]);
    return [...paystack.map((d) => paystackDepositStreamId(d.reference)), ...crypto.map((d) => cryptoDepositStreamId(d.id))];
  },
  grants,
};
