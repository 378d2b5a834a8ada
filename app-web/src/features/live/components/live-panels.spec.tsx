// Proves the live panels against a fake API and a fake socket: the FC25 panel joins the match over /ws and shows each match_update (score, clock, possession, events) without refetching; the COD panel's empty state, live stats (first 4 team players), and the manual event card (inputs per type, integers, toasts); the suggestion from the viewer's side; es.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { fakeSockets } from '../../../testing/fake-socket';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import type { LiveMatch } from '../api/live-queries';
import { LiveMatchSection } from './live-match-section';
import { suggestionFor } from './suggestion-note';
import { aBet, aUserSummary } from '@wager/domain/testing/contract-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

const now = new Date('2026-11-24T20:00:00Z');

function world(gameType: 'fc25' | 'cod', options: { reportStatus?: number } = {}) {
  const challenger = aUserSummary({ id: crypto.randomUUID(), username: 'ann', psnUsername: 'ann_psn', activisionId: 'Ann#123' });
  const opponent = aUserSummary({ id: crypto.randomUUID(), username: 'bob', psnUsername: 'bob_psn', activisionId: 'Bob#456' });
  const betId = crypto.randomUUID();
  const bet: Bet = aBet({ id: betId, gameType, amount: '1000.00', status: 'accepted', challengerId: challenger.id, opponentId: opponent.id, challenger, opponent, createdAt: now.toISOString(), matchDuration: 90 });
  const match: LiveMatch = {
    betId, gameType, status: 'waiting', tracking: 'tracking', matchId: null, currentMinute: 0, matchDuration: 90, challengerScore: 0, opponentScore: 0, challengerKills: 0, opponentKills: 0,
    challengerDeaths: 0, opponentDeaths: 0, currentRound: 0, totalRounds: 0, possession: { challenger: 50, opponent: 50 }, events: [], gameMode: null, map: null, startTime: null,
    challengerStats: null, opponentStats: null, teams: { challenger: null, opponent: null }, manualEvents: [], suggestion: null, flags: [], lastUpdate: now.toISOString(),
  };
  const annLive = {
    isLive: true,
    match: { matchId: 'm1', gameMode: 'search_destroy', map: 'Rust', startTime: now.toISOString(), playerStats: { kills: 7, deaths: 3, assists: 2, damage: 812 }, teamInfo: { teamName: 'Ann Squad', teamSize: 5, players: ['Ann#123', 'm1', 'm2', 'm3', 'm4'] } },
  };
  const api = fakeFetch({
    'GET /api/user': () => ({ body: { ...challenger, email: 'a@example.com', balance: '0.00', cryptoBalance: '0.00', isAdmin: false } }),
    [`GET /api/matches/${betId}`]: () => ({ body: match }),
    [`GET /api/cod/bets/${betId}/live-tracking`]: () => ({ body: { liveTracking: [{ matchId: 'm1', gameMode: 'search_destroy', map: 'Rust', startTime: now.toISOString() }] } }),
    [`GET /api/cod/player/${encodeURIComponent('Ann#123')}/live`]: () => ({ body: annLive }),
    [`GET /api/cod/player/${encodeURIComponent('Bob#456')}/live`]: () => ({ body: { isLive: false, match: null } }),
    [`POST /api/cod/bets/${betId}/report-event`]: (body) => (options.reportStatus ? { status: options.reportStatus, body: { error: 'nope' } } : { status: 201, body: { id: 'e1', ...(body as object) } }),
  });
  vi.stubGlobal('fetch', api.fetchFn);
  window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
  const sockets = fakeSockets();
  renderWithApp(<LiveMatchSection bet={bet} />, { liveUpdates: { createSocket: sockets.createSocket, url: 'ws://test/ws', random: () => 0, events: null, isOnline: () => true, batchMs: 0 } });
  const connect = () => {
    act(() => sockets.latest().open());
    act(() => sockets.latest().receive({ type: 'ready', userId: challenger.id }));
  };
  return { api, sockets, connect, bet, match, challenger, opponent };
}

describe('FC25 live panel', () => {
  it('joins the match over /ws and shows each match_update live', async () => {
    const w = world('fc25');
    const panel = await screen.findByTestId('fc25-live-panel');
    await within(panel).findByText('Waiting');
    w.connect();
    await waitFor(() => expect(w.sockets.latest().sent).toContainEqual({ type: 'join_match', betId: w.bet.id }));
    const reads = w.api.calls.filter((c) => c.url.startsWith('/api/matches/')).length;
    const goal = { id: 'g1', type: 'goal', minute: 23, player: 'Saka', details: 'Goal', timestamp: now.toISOString(), side: 'challenger' as const, source: 'provider' };
    act(() => w.sockets.latest().receive({ type: 'match_update', betId: w.bet.id, data: { ...w.match, status: 'in_progress', currentMinute: 24, challengerScore: 1, possession: { challenger: 61, opponent: 39 }, events: [goal] } }));
    await waitFor(() => expect(within(panel).getByTestId('live-score-value')).toHaveTextContent('1 – 0'));
    expect(within(panel).getByTestId('live-clock')).toHaveTextContent("24'");
    expect(within(panel).getByRole('meter')).toHaveAttribute('aria-valuenow', '61');
    expect(within(panel).getByTestId('live-event')).toHaveTextContent('Goal · Saka · ann');
    // Pushed data is shown as it is: no refetch of the match.
    expect(w.api.calls.filter((c) => c.url.startsWith('/api/matches/')).length).toBe(reads);
    const suggestion = { matchId: 'm1', winnerId: w.challenger.id, basis: 'goals' as const, challengerRaw: 3, opponentRaw: 1, handicap: 0, challengerTotal: 3, opponentTotal: 1, at: now.toISOString() };
    act(() => w.sockets.latest().receive({ type: 'match_update', betId: w.bet.id, data: { ...w.match, status: 'completed', suggestion } }));
    expect(await within(panel).findByTestId('tracker-suggestion')).toHaveTextContent('The tracker saw you win 3–1: confirm?');
  });
});

describe('COD live panel', () => {
  it('shows each player live or not, the history, and reports a manual event with integer fields', async () => {
    const w = world('cod');
    const panel = await screen.findByTestId('cod-live-panel');
    const players = await within(panel).findAllByTestId('cod-player-live');
    await waitFor(() => expect(players[0]).toHaveAttribute('data-live', 'true'));
    expect(within(players[0]!).getByTestId('cod-live-badge')).toHaveTextContent('LIVE');
    expect(within(players[0]!).getByTestId('cod-stats')).toHaveTextContent('Kills7Deaths3Assists2Damage812');
    expect(within(players[0]!).getByTestId('cod-team')).toHaveTextContent('Ann Squad (5 players): Ann#123, m1, m2, m3');
    expect(within(players[0]!).getByTestId('cod-team')).not.toHaveTextContent('m4');
    expect(within(players[1]!).getByTestId('cod-no-live')).toHaveTextContent('No live match detectedTracking will automatically start when a match begins');
    expect(await within(panel).findByTestId('cod-match-history')).toHaveTextContent('m1');

    const card = within(panel).getByTestId('manual-event-card');
    expect(within(card).getByRole('button', { name: 'Choose an event' })).toBeDisabled();
    await userEvent.click(within(card).getByRole('button', { name: 'Round Win' }));
    expect(within(card).queryByLabelText('Kills')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Kill' }));
    await userEvent.type(within(card).getByLabelText('Kills'), '4');
    await userEvent.click(within(card).getByRole('button', { name: 'Report Kill' }));
    expect(await screen.findByText('Kill has been logged for this match.')).toBeInTheDocument();
    const post = w.api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ eventType: 'kill', data: { kills: 4, deaths: 0, assists: 0 } });
    expect((post?.body as { clientEventId: string }).clientEventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('toasts the spec failure text, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    world('cod', { reportStatus: 500 });
    const card = await screen.findByTestId('manual-event-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Fin de partida' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Informar: Fin de partida' }));
    expect(await screen.findByText('No se pudo informar del evento. Inténtalo de nuevo.')).toBeInTheDocument();
  });
});

describe('suggestionFor', () => {
  it('puts the viewer first and says won, lost or draw', () => {
    const s = { matchId: 'm', winnerId: 'o', basis: 'kills' as const, challengerRaw: 20, opponentRaw: 22, handicap: 1, challengerTotal: 21, opponentTotal: 22, at: '' };
    expect(suggestionFor(s, { challengerId: 'c' }, 'c')).toEqual({ score: '20–22', result: 'lost' });
    expect(suggestionFor(s, { challengerId: 'c' }, 'o')).toEqual({ score: '22–20', result: 'won' });
    expect(suggestionFor({ ...s, winnerId: null }, { challengerId: 'c' }, 'c').result).toBeNull();
  });
});
