import { queryOptions } from '@tanstack/react-query';
import { apiRequest, getAuthToken } from '../../../lib/api-client';
import type { Bet } from '../../../types/api';

export interface BetTimelineEntry {
  type: string;
  at: string;
  actorId: string | null;
  result: string | null;
  reason: string | null;
  winnerId: string | null;
  evidence: { sha256: string; contentType: string; filename: string; url: string }[];
}

export interface BetMoney {
  currency: string;
  stakes: { userId: string; stake: string; fee: string; total: string; at: string }[];
  escrow: string;
  fees: string;
  /** held in escrow, charged (taken by a settlement) or refunded with the stakes. */
  feesStatus: 'held' | 'charged' | 'refunded';
  payout: { userId: string; amount: string; at: string } | null;
  refunds: { userId: string; amount: string; at: string }[];
  /** An overturned appeal's corrections: signed; `owed` is what the balance could not cover. */
  appealAdjustments: { userId: string; amount: string; owed: string; at: string }[];
  postings: { eventType: string; at: string; account: string; currency: string; amount: string }[];
}

/** The admin's decision on a dispute, as the players read it. */
export interface BetResolution {
  resolvedBy: { id: string; username: string | null };
  resolvedAt: string;
  winnerId: string | null;
  adminNotes: string;
}

export interface BetDetails {
  bet: Bet;
  timeline: BetTimelineEntry[];
  money: BetMoney;
  resolution: BetResolution | null;
}

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
