import { queryOptions } from '@tanstack/react-query';
import { apiRequest, getAuthToken } from '../../../lib/api-client';
import type { BetDetails } from '@wager/domain/contracts/bets';

export type { BetDetails, BetMoney, BetResolution, BetTimelineEntry } from '@wager/domain/contracts/bets';

/**
 * GET /api/bets/:betId/details (docs/api/bets.md): under the bets key; a change of the bet's
 * stream refreshes it, and a movement in the viewer's own wallet refreshes every one (its money
 * section shows payouts, refunds and appeal corrections).
 */
export const betDetailsQueries = {
  all: () => ['/api/bets', 'details'] as const,
  details: (betId: string) =>
    queryOptions({
      queryKey: [...betDetailsQueries.all(), betId] as const,
      queryFn: () => apiRequest<BetDetails>('GET', `/api/bets/${encodeURIComponent(betId)}/details`),
      retry: false,
    }),
};

/**
 * An evidence file as an object URL: the file needs the session's bearer token, which an
 * `<img src>` cannot send, so it is fetched and shown from memory.
 */
export async function fetchEvidence(url: string): Promise<string> {
  const token = getAuthToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${response.status}: evidence`);
  return URL.createObjectURL(await response.blob());
}
