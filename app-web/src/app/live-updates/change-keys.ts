import type { QueryKey } from '@tanstack/react-query';
import { userQueries } from '../../features/auth';
import { betQueries, challengeQueries, betDetailsQueries } from '../../features/bets';
import { chatQueries } from '../../features/chat';
import { moderationQueries } from '../../features/moderation';
import { adminQueries } from '../../features/admin';
import { walletQueries, walletReadKeys } from '../../features/wallet';
import { liveQueries } from '../../features/live';
import { poolLedgers, poolQueries } from '../../features/pools';
import { saferPlayQueries } from '../../features/profile';
import { notificationQueries } from '../../features/notifications';

/**
 * Which queries read a stream (docs/web.md, "Live updates"): given a `changed` message's stream type and
 * id, the query keys to invalidate, built with the features' factories so a key cannot drift
 * from the query it names. Keys are prefixes: `['/api/bets','list']` covers every list filter.
 *
 * `viewerId` is the user the socket speaks for. An admin's socket hears every stream, so a
 * wallet or account stream refreshes the balance only when it is the viewer's own.
 */
export function queryKeysForChange(change: { streamType: string; id: string }, viewerId: string | null): QueryKey[] {
  const own = viewerId !== null && change.id === viewerId;
  switch (change.streamType) {
    // An admin's socket hears every stream: the admin panel's reads (stats, users, KYC, ledger) follow them.
    case 'wallet':
      // A pool's payout or refund to the viewer is a wallet event after the pool's own: its Money panel follows it.
      // A bet's payout, refund or appeal correction to the viewer shows in that bet's details.
      return own ? [...walletReadKeys(), saferPlayQueries.limits().queryKey, adminQueries.all(), poolLedgers(), betDetailsQueries.all()] : [adminQueries.all()];
    case 'user':
      return own ? [userQueries.all(), adminQueries.all()] : [adminQueries.all()];
    case 'bet':
      return [
        betQueries.detail(change.id).queryKey,
        // The bet's other reads keyed under its id: match details (the admin's decision, refunds) and its ledger.
        [...betQueries.all(), change.id],
        // The match details page (timeline, money, an appeal's state).
        betDetailsQueries.details(change.id).queryKey,
        betQueries.lists(),
        // The marketplace and invitation pages show pending bets; an invitation's key is its
        // link id, which the message does not carry, so every challenge read is refreshed.
        challengeQueries.all(),
        chatQueries.byBet(change.id).queryKey,
        // Wins, losses and rating on /api/user are projected from a bet's settlement.
        userQueries.all(),
        adminQueries.all(),
      ];
    case 'chat':
      return [chatQueries.all()];
    // The moderation queue's topic: a request made, claimed, escalated or resolved in any chat.
    case 'moderation':
      return [moderationQueries.all()];
    case 'paystack':
      return [walletQueries.paystackDeposits().queryKey];
    case 'cryptodeposit':
      return [walletQueries.cryptoDeposits().queryKey];
    case 'match':
      // A match starting or ending moves its bet between accepted and in_progress ("Live"): the bet's reads follow.
      return [liveQueries.match(change.id).queryKey, liveQueries.cod(), betQueries.detail(change.id).queryKey, betQueries.lists()];
    case 'pool':
      // Joins, live standings, start, cancel and settlement: every pool read (lists and the open dialog).
      return [poolQueries.all()];
    case 'notifications':
      // My bell's count lives in the user; the list and the preferences in their own queries.
      return own ? [userQueries.all(), notificationQueries.all(), notificationQueries.preferences().queryKey] : [];
    default:
      return [];
  }
}

/** Reference data that no event changes: kept when everything else is refetched. */
const STATIC_ROOTS = new Set<unknown>([walletQueries.cryptoCurrencies().queryKey[0]]);

/**
 * After a reconnect the socket may have missed changes: every query the session reads is
 * refetched (active ones now, the rest when next shown), static reference data excepted.
 */
export function isSessionRead(queryKey: QueryKey): boolean {
  return !STATIC_ROOTS.has(queryKey[0]);
}
