// Proves what a player sees of disputes and live bets: the chat screen's Upload Result and the tracker's "confirm?" open Upload Result (prefilled by the tracker), a report that disagrees with the opponent's says the bet is now disputed naming them, nobody reports twice; My Matches keeps voided and expired bets in Completed with their state and counts My Challenges; the dashboard's live panel lists only bets being played, with the score from the viewer's side.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MatchesRoute } from '../../../app/routes/matches';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import type { LiveMatch } from '../../live/api/live-queries';
import { LiveMatchesPanel } from '../../live/components/live-matches-panel';
import { SuggestionNote } from '../../live/components/suggestion-note';
import { ReportResultButton, ReportResultProvider } from './report-result';
import { aBet, aUserSummary } from '@wager/domain/testing/contract-fixtures';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const ada = { id: '11111111-1111-4111-8111-111111111111', username: 'ada_lagos' };
const bayo = { id: '22222222-2222-4222-8222-222222222222', username: 'bayo' };
const me = { ...bayo, email: 'bayo@example.com', balance: '500.00', cryptoBalance: '0.00' };
const betId = '33333333-3333-4333-8333-333333333333';
const bet: Bet = aBet({ id: betId, amount: '1000.00', currency: 'NGN', status: 'accepted', challengerId: ada.id, opponentId: bayo.id, challenger: aUserSummary(ada), opponent: aUserSummary(bayo), challengerResult: 'won', opponentResult: null, createdAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-11-21T10:00:00.000Z' });
const match = {
  betId, gameType: 'fc25', status: 'completed', tracking: 'tracking', matchId: 'm1', currentMinute: 90, challengerScore: 3, opponentScore: 1, challengerKills: 0, opponentKills: 0,
  suggestion: { matchId: 'm1', winnerId: ada.id, basis: 'goals', challengerRaw: 3, opponentRaw: 1, handicap: 0, challengerTotal: 3, opponentTotal: 1 }, flags: [], events: [],
} as unknown as LiveMatch;

/** XMLHttpRequest as the upload sees it, answering `answer` once sent (the upload path does not use fetch). */
function fakeUpload(answer: unknown) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 200;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    send(body: FormData) {
      sent.push(body);
      this.responseText = JSON.stringify(answer);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const routes = () => ({
  'GET /api/user': () => ({ body: me }),
  [`GET /api/bets/${betId}`]: () => ({ body: bet }),
  [`GET /api/matches/${betId}`]: () => ({ body: match }),
  'GET /api/bets': () => ({ body: [] }),
  'GET /api/transactions': () => ({ body: [] }),
});

function ChatLike({ of }: { of: Bet }) {
  return (
    <ReportResultProvider bet={of}>
      <ReportResultButton />
      <SuggestionNote match={match} bet={of} />
    </ReportResultProvider>
  );
}

describe('reporting from the chat screen', () => {
  it('the tracker’s confirm opens Upload Result prefilled with what the tracker saw', async () => {
    vi.stubGlobal('fetch', fakeFetch(routes()).fetchFn);
    renderWithApp(<ChatLike of={bet} />);
    const confirm = await screen.findByTestId('tracker-confirm');
    expect(screen.getByTestId('tracker-suggestion')).toHaveTextContent('The tracker saw you lose 1–3: confirm?');
    await userEvent.click(confirm);
    const dialog = await screen.findByTestId('upload-result-dialog');
    expect(within(dialog).getByLabelText('I lost')).toBeChecked();
    expect(within(dialog).getByLabelText('I won')).not.toBeChecked();
  });

  it('a report that disagrees with the opponent’s says the bet is now disputed, naming the opponent', async () => {
    vi.stubGlobal('fetch', fakeFetch(routes()).fetchFn);
    const sent = fakeUpload({ ...bet, status: 'disputed', opponentResult: 'won', disputeReason: 'Both players reported a win' });
    renderWithApp(<ChatLike of={bet} />);
    await userEvent.click(await screen.findByTestId('chat-report-result'));
    const dialog = await screen.findByTestId('upload-result-dialog');
    expect(within(dialog).getByLabelText('I won')).not.toBeChecked();
    await userEvent.click(within(dialog).getByLabelText('I won'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Result' }));
    expect(await screen.findByText('Your report disagrees with ada_lagos’s: the bet is now disputed. An admin will review it.')).toBeInTheDocument();
    expect(screen.queryByText('Result Submitted')).toBeNull();
    expect(sent[0]?.get('result')).toBe('won');
  });

  it('offers no report to a player who already reported, nor on a bet that is over', async () => {
    vi.stubGlobal('fetch', fakeFetch(routes()).fetchFn);
    renderWithApp(<ChatLike of={{ ...bet, opponentResult: 'lost' }} />);
    // Once the user is known, the note speaks to them as a player: still no report action.
    expect(await screen.findByText('The tracker saw you lose 1–3: confirm?')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-report-result')).toBeNull();
    expect(screen.queryByTestId('tracker-confirm')).toBeNull();
  });
});

describe('My Matches', () => {
  it('keeps voided and expired bets in Completed with their state, and counts My Challenges', async () => {
    const closed = [
      { ...bet, id: 'b-won', status: 'completed', actualWinner: bayo.id },
      { ...bet, id: 'b-void', status: 'voided', actualWinner: null },
      { ...bet, id: 'b-exp', status: 'expired', opponentId: null, opponent: null, challengerId: bayo.id, challenger: bayo },
    ];
    const created = [{ ...bet, id: 'c1', status: 'pending', challengerId: bayo.id }, { ...bet, id: 'c2', status: 'pending', challengerId: bayo.id }];
    const answer = (url: string) => (url.includes('status=closed') ? closed : url.includes('status=created') ? created : []);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.startsWith('/api/user') ? me : url.startsWith('/api/bets') ? answer(url) : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderWithApp(<MatchesRoute />);
    expect(await screen.findByRole('tab', { name: 'My Challenges (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    const rows = await screen.findAllByTestId('bet-row');
    expect(rows.map((r) => within(r).getByTestId('bet-status').textContent)).toEqual(['Completed', 'Voided', 'Expired']);
    expect(within(rows[0]!).getByTestId('bet-outcome')).toHaveTextContent('Won');
    expect(within(rows[1]!).queryByTestId('bet-outcome')).toBeNull();
  });
});

describe('the dashboard’s live matches', () => {
  it('lists only the bets being played, each with the tracked score from my side', async () => {
    vi.stubGlobal('fetch', fakeFetch({ ...routes(), [`GET /api/matches/${betId}`]: () => ({ body: { ...match, status: 'in_progress', currentMinute: 61, challengerScore: 2, opponentScore: 1, suggestion: null } }) }).fetchFn);
    renderWithApp(<LiveMatchesPanel user={me as never} bets={[{ ...bet, status: 'in_progress' }, { ...bet, id: 'other', status: 'accepted' }]} />);
    const rows = await screen.findAllByTestId('live-match-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAttribute('data-bet-id', betId);
    expect(await within(rows[0]!).findByTestId('live-match-score')).toHaveTextContent('Score 1–2 · 61′');
  });

  it('says so when nothing is being played', async () => {
    vi.stubGlobal('fetch', fakeFetch(routes()).fetchFn);
    renderWithApp(<LiveMatchesPanel user={me as never} bets={[bet]} />);
    expect(await screen.findByTestId('live-matches')).toHaveTextContent('None of your matches is being played right now.');
  });
});
