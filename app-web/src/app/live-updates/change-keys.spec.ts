// Proves which queries a `changed` message invalidates: the viewer's own wallet refreshes the balance and every money list, a bet refreshes its detail, the bet lists, the marketplace, its chat and the user's stats, and nothing else is touched.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { userQueries } from '../../features/auth/api/user-queries';
import { betQueries, challengeQueries } from '../../features/bets/api/bet-queries';
import { chatQueries } from '../../features/chat/api/chat-queries';
import { moderationQueries } from '../../features/moderation/api/moderation-queries';
import { walletQueries } from '../../features/wallet/api/wallet-queries';
import { adminQueries } from '../../features/admin/api/admin-queries';
import { saferPlayQueries } from '../../features/profile/api/safer-play';
import { liveQueries } from '../../features/live/api/live-queries';
import { poolLedgerQuery, poolQueries } from '../../features/pools/api/pool-queries';
import { notificationQueries } from '../../features/notifications/api/notification-queries';
import { isSessionRead, queryKeysForChange } from './change-keys';

/** The keys of the cached queries that `keys` would invalidate (react-query's own prefix match). */
function invalidated(keys: readonly (readonly unknown[])[], cached: readonly (readonly unknown[])[]): string[] {
  const client = new QueryClient();
  for (const key of cached) client.setQueryData(key, 'data');
  const hit = new Set<string>();
  for (const queryKey of keys) for (const query of client.getQueryCache().findAll({ queryKey })) hit.add(JSON.stringify(query.queryKey));
  return [...hit].sort();
}

describe('queryKeysForChange', () => {
  const me = crypto.randomUUID();
  const someoneElse = crypto.randomUUID();
  const betId = crypto.randomUUID();
  const otherBet = crypto.randomUUID();
  const depositId = crypto.randomUUID();
  const everything = [
    userQueries.all(),
    walletQueries.transactions().queryKey,
    walletQueries.paystackDeposits().queryKey,
    walletQueries.cryptoDeposits().queryKey,
    walletQueries.cryptoDeposit(depositId).queryKey,
    walletQueries.cryptoWithdrawals().queryKey,
    walletQueries.cryptoCurrencies().queryKey,
    saferPlayQueries.limits().queryKey,
    betQueries.list().queryKey,
    betQueries.list('active').queryKey,
    betQueries.list('completed').queryKey,
    betQueries.detail(betId).queryKey,
    betQueries.detail(otherBet).queryKey,
    challengeQueries.publicList({ page: 1 }).queryKey,
    challengeQueries.invite('link-1').queryKey,
    chatQueries.byBet(betId).queryKey,
    chatQueries.byBet(otherBet).queryKey,
  ];
  const keys = (...list: (readonly unknown[])[]) => list.map((key) => JSON.stringify(key)).sort();

  it('given my wallet changed, then the user (balance), transactions, deposits, withdrawals and my limits are refetched, and nothing about bets', () => {
    expect(invalidated(queryKeysForChange({ streamType: 'wallet', id: me }, me), everything)).toEqual(
      keys(
        userQueries.all(),
        walletQueries.transactions().queryKey,
        walletQueries.paystackDeposits().queryKey,
        walletQueries.cryptoDeposits().queryKey,
        walletQueries.cryptoDeposit(depositId).queryKey,
        walletQueries.cryptoWithdrawals().queryKey,
        saferPlayQueries.limits().queryKey,
      ),
    );
  });

  it('given another user’s wallet or account changed (an admin hears every stream), then none of my own queries are touched, only the admin panel’s', () => {
    expect(invalidated(queryKeysForChange({ streamType: 'wallet', id: someoneElse }, me), everything)).toEqual([]);
    expect(invalidated(queryKeysForChange({ streamType: 'user', id: someoneElse }, me), everything)).toEqual([]);
    const panel = [adminQueries.stats().queryKey, adminQueries.users(1, '').queryKey, adminQueries.kyc().queryKey, adminQueries.ledger().queryKey];
    expect(invalidated(queryKeysForChange({ streamType: 'wallet', id: someoneElse }, me), panel)).toEqual(keys(...panel));
    expect(invalidated(queryKeysForChange({ streamType: 'user', id: someoneElse }, me), panel)).toEqual(keys(...panel));
  });

  it('given my account changed, then only the user query is refetched', () => {
    expect(invalidated(queryKeysForChange({ streamType: 'user', id: me }, me), everything)).toEqual(keys(userQueries.all()));
  });

  it('given a bet changed, then that bet’s detail and chat, every bet list, every challenge read and the user’s stats are refetched, not other bets', () => {
    expect(invalidated(queryKeysForChange({ streamType: 'bet', id: betId }, me), everything)).toEqual(
      keys(
        userQueries.all(),
        betQueries.list().queryKey,
        betQueries.list('active').queryKey,
        betQueries.list('completed').queryKey,
        betQueries.detail(betId).queryKey,
        challengeQueries.publicList({ page: 1 }).queryKey,
        challengeQueries.invite('link-1').queryKey,
        chatQueries.byBet(betId).queryKey,
      ),
    );
  });

  it('given a chat changed, then the chat queries are refetched', () => {
    expect(invalidated(queryKeysForChange({ streamType: 'chat', id: crypto.randomUUID() }, me), everything)).toEqual(
      keys(chatQueries.byBet(betId).queryKey, chatQueries.byBet(otherBet).queryKey),
    );
  });

  it('given the moderation queue changed (a request made, claimed, escalated or resolved), then both queue lists are refetched and nothing else', () => {
    const cached = [...everything, moderationQueries.queue('active').queryKey, moderationQueries.queue('resolved').queryKey];
    expect(invalidated(queryKeysForChange({ streamType: 'moderation', id: 'queue' }, me), cached)).toEqual(
      keys(moderationQueries.queue('active').queryKey, moderationQueries.queue('resolved').queryKey),
    );
  });

  it('given a Paystack or crypto deposit stream changed, then its list is refetched', () => {
    expect(invalidated(queryKeysForChange({ streamType: 'paystack', id: 'ref-1' }, me), everything)).toEqual(keys(walletQueries.paystackDeposits().queryKey));
    expect(invalidated(queryKeysForChange({ streamType: 'cryptodeposit', id: depositId }, me), everything)).toEqual(
      keys(walletQueries.cryptoDeposits().queryKey, walletQueries.cryptoDeposit(depositId).queryKey),
    );
  });

  it('given a match stream changed, then that bet’s live match, the COD live reads, that bet and the bet lists (Live status) are refetched, not another bet’s', () => {
    const cached = [...everything, liveQueries.match(betId).queryKey, liveQueries.match(otherBet).queryKey, liveQueries.player('Ann#1').queryKey, liveQueries.tracking(betId).queryKey];
    expect(invalidated(queryKeysForChange({ streamType: 'match', id: betId }, me), cached)).toEqual(
      keys(
        betQueries.list().queryKey,
        betQueries.list('active').queryKey,
        betQueries.list('completed').queryKey,
        betQueries.detail(betId).queryKey,
        liveQueries.match(betId).queryKey,
        liveQueries.player('Ann#1').queryKey,
        liveQueries.tracking(betId).queryKey,
      ),
    );
  });

  it('given my notifications stream changed, then the bell (the user), the list and the preferences are refetched; another user\'s touches nothing', () => {
    const cached = [...everything, notificationQueries.list().queryKey, notificationQueries.preferences().queryKey];
    expect(invalidated(queryKeysForChange({ streamType: 'notifications', id: me }, me), cached)).toEqual(
      keys(userQueries.all(), notificationQueries.list().queryKey, notificationQueries.preferences().queryKey),
    );
    expect(queryKeysForChange({ streamType: 'notifications', id: someoneElse }, me)).toEqual([]);
  });

  it('given a stream type the app does not read, then nothing is refetched', () => {
    expect(queryKeysForChange({ streamType: 'fplpool', id: crypto.randomUUID() }, me)).toEqual([]);
  });

  it('given my wallet changed (a pool payout or refund to me), then the pools\' Money panels are refetched, not the pool lists; another user\'s wallet touches none', () => {
    const poolId = crypto.randomUUID();
    const cached = [...everything, poolLedgerQuery(poolId).queryKey, poolQueries.mine().queryKey, poolQueries.detail(poolId).queryKey];
    const hit = invalidated(queryKeysForChange({ streamType: 'wallet', id: me }, me), cached);
    expect(hit).toContain(JSON.stringify(poolLedgerQuery(poolId).queryKey));
    expect(hit).not.toContain(JSON.stringify(poolQueries.mine().queryKey));
    expect(hit).not.toContain(JSON.stringify(poolQueries.detail(poolId).queryKey));
    expect(invalidated(queryKeysForChange({ streamType: 'wallet', id: someoneElse }, me), cached)).toEqual([]);
  });

  it('after a reconnect every session read is refetched except static reference data', () => {
    expect(everything.filter((key) => !isSessionRead(key))).toEqual([walletQueries.cryptoCurrencies().queryKey]);
  });
});
