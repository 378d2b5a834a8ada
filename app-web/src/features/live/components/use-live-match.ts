import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveChannel } from '../../../lib/live-channel';
import { useConnectionStatus } from '../../../lib/live-updates-context';
import { liveQueries } from '../api/live-queries';

/** The fallback interval while the socket is not connected; false while it is (updates come pushed). */
export function usePollWhileOffline(intervalMs: number): number | false {
  return useConnectionStatus() === 'connected' ? false : intervalMs;
}

/**
 * A bet's tracked match: read once, then kept current by `match_update` over the socket
 * (`join_match`, sent again after every reconnect), or by the spec's polling while it is down.
 */
export function useLiveMatch(betId: string, pollMs: number) {
  const channel = useLiveChannel();
  const queryClient = useQueryClient();
  const poll = usePollWhileOffline(pollMs);
  useEffect(
    () =>
      channel.subscribe({ type: 'join_match', betId }, (message) => {
        if (message.type === 'match_update' && message.betId === betId) {
          queryClient.setQueryData(liveQueries.match(betId).queryKey, message.data);
          // The COD panel's per-player and history reads come from the same stream.
          void queryClient.invalidateQueries({ queryKey: liveQueries.cod() });
        }
      }),
    [channel, betId, queryClient],
  );
  return useQuery(liveQueries.match(betId, poll));
}
