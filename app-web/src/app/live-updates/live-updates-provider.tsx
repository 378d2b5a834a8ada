import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { userQueries } from '../../features/auth';
import { toast } from '../../components/ui/toast';
import { getAuthToken, onAuthTokenChange, setAuthToken } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { LiveUpdatesClient, type LiveUpdatesOptions } from '../../lib/live-updates';
import { createLiveChannel, LiveChannelContext } from '../../lib/live-channel';
import { createStatusStore, LiveStatusContext } from '../../lib/live-updates-context';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { isSessionRead, queryKeysForChange } from './change-keys';

/** Changes that arrive within this window are invalidated together (one refetch per query). */
export const INVALIDATION_BATCH_MS = 25;

export type LiveUpdatesConfig = Pick<LiveUpdatesOptions, 'createSocket' | 'url' | 'random' | 'isOnline' | 'events'> & { batchMs?: number };

/**
 * Invalidates query keys a little later, each once: a command's events come as a burst (a join
 * touches the bet and two wallets), and one refetch per query is enough. Invalidation refetches
 * the active queries at once even with `staleTime: Infinity`; inactive ones refetch when shown.
 */
export function createInvalidationBatcher(queryClient: QueryClient, delayMs = INVALIDATION_BATCH_MS) {
  let pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const keys = [...pending.values()];
    pending = new Map();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    add(keys: QueryKey[]): void {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      if (!timer && pending.size > 0) timer = setTimeout(flush, delayMs);
    },
    cancel(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = new Map();
    },
  };
}

/**
 * Mounts the live-updates client for the signed-in session: it opens with a stored token,
 * restarts when the token changes (sign-in, another account) and closes on sign-out. Each
 * `changed` message invalidates the queries that read that stream; after a reconnect every
 * session read is refetched, since changes may have been missed while disconnected.
 */
export function LiveUpdatesProvider({ children, config = {} }: { children: ReactNode; config?: LiveUpdatesConfig }) {
  const queryClient = useQueryClient();
  const [store] = useState(() => createStatusStore());
  const [channel] = useState(() => createLiveChannel());
  const [options] = useState(config);

  useEffect(() => {
    const batcher = createInvalidationBatcher(queryClient, options.batchMs);
    const client = new LiveUpdatesClient({
      ...options,
      getToken: getAuthToken,
      onStatus: store.set,
      onChange: (change, viewerId) => batcher.add(queryKeysForChange(change, viewerId)),
      onMessage: channel.receive,
      // The session ended elsewhere (sign-out in another tab, a password reset) or the account was
      // suspended: sign out here as the logout does, and say why on a suspension.
      onSessionEnded: (reason) => {
        setAuthToken(null);
        queryClient.setQueryData(userQueries.all(), null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== '/api/user' });
        if (reason === 'suspended') toast({ title: i18n.t('live.suspendedTitle'), description: i18n.t('live.suspendedText'), type: 'error' });
        else toast({ title: i18n.t('live.sessionEndedTitle'), description: i18n.t('live.sessionEndedText') });
      },
      onReady: (viewerId, reconnected) => {
        // The server forgot this socket's subscriptions (join_chat…) when the last one closed.
        channel.ready();
        if (reconnected) {
          void queryClient.invalidateQueries({ predicate: (query) => isSessionRead(query.queryKey) });
          return;
        }
        // A session whose account the read model did not show yet (a 202 signup) has no user
        // cached: the server accepting the token means the account is there now.
        // (A user still loading on first paint needs nothing: its answer is already on the way.)
        const state = queryClient.getQueryState<User | null>(userQueries.all());
        if (state?.status === 'success' && state.data?.id !== viewerId) void queryClient.invalidateQueries({ queryKey: userQueries.all() });
      },
    });
    channel.attach((message) => client.send(message));
    client.start();
    const unsubscribe = onAuthTokenChange(() => {
      client.stop();
      client.start();
    });
    return () => {
      unsubscribe();
      channel.attach(null);
      client.stop();
      batcher.cancel();
    };
  }, [queryClient, store, channel, options]);

  return (
    <LiveStatusContext.Provider value={store}>
      <LiveChannelContext.Provider value={channel}>{children}</LiveChannelContext.Provider>
    </LiveStatusContext.Provider>
  );
}
