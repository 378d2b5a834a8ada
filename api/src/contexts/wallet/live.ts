/**
 * Who hears of the wallet context's streams over /ws: a user hears of their own wallet
 * (`wallet-<id>`) and of their own deposits (`paystack-<reference>`, `cryptodeposit-<id>`), so a
 * failed or abandoned payment, which moves no money, still shows its new status live.
 */
import { cryptoDepositStreamId, paystackDepositStreamId } from '@wager/domain/wallet/index';
import { recentCryptoDepositIds, recentPaystackReferences } from '@wager/projections/wallet/queries';
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
      recentPaystackReferences(db, userId, LIVE_DEPOSITS_PER_USER_MAX),
      recentCryptoDepositIds(db, userId, LIVE_DEPOSITS_PER_USER_MAX),
    ]);
    return [...paystack.map((reference) => paystackDepositStreamId(reference)), ...crypto.map((id) => cryptoDepositStreamId(id))];
  },
  grants,
};
