// Proves the admin's dispute review in the browser: the queue keeps the API's oldest-first order and says how long each dispute has been open, linking to its page, and says each dispute's reason by its code in the admin's language; the review page shows both reports side by side, the tracker's verdict with every contradiction, the chat, the money in words with names and ₦ amounts, the casebook with the raw event one click away, and a broken chain where it breaks; resolving needs a decision and notes, a template fills the notes, and the PUT carries them; a non-admin is refused.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { DisputeReview } from './dispute-review';
import { DisputesTab } from './disputes-tab';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const admin = { id: '99999999-9999-4999-8999-999999999999', username: 'boss', email: 'boss@example.com', balance: '0.00', cryptoBalance: '0.00', isAdmin: true, isEmailVerified: true };
const ada = '11111111-1111-4111-8111-111111111111';
const bayo = '22222222-2222-4222-8222-222222222222';
const betId = '33333333-3333-4333-8333-333333333333';
const bet = {
  id: betId, gameType: 'fc25', amount: '1000.00', currency: 'NGN', status: 'disputed', challengerId: ada, opponentId: bayo, challenger: { username: 'ada_lagos' }, opponent: { username: 'bayo' },
  challengerResult: 'won', opponentResult: 'won', disputeReason: 'Both players reported a win', resultEvidence: [], createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T11:00:00.000Z',
};
let n = 0;
const entry = (type: string, kind: string, source: string, summary: { code: string; params: Record<string, unknown> }, extra: Record<string, unknown> = {}) => ({
  kind, source, type, eventId: `e${++n}`, streamId: `${source}-x`, streamRevision: n, position: `${n}/${n}`, actor: ada, at: '2026-11-20T10:30:00.000Z', data: {}, postings: [], summary, ...extra,
});
const trail = {
  bet,
  entries: [
    entry('StakeLocked', 'posting', 'wallet', { code: 'stake_locked', params: { userId: ada, stake: '1000.00', fee: '20.00', total: '1020.00', currency: 'NGN' } }, { postings: [{ account: `bet:${betId}:escrow:NGN`, currency: 'NGN', amount: '1020.00' }] }),
    entry('MessagePosted', 'chat', 'chat', { code: 'chat_message', params: { senderId: ada, messageType: 'message', content: 'gg, 3-1 to me' } }, { message: { senderId: ada, type: 'message', content: 'gg, 3-1 to me' } }),
    entry('MatchEnded', 'event', 'live', { code: 'match_ended', params: { challengerId: ada, opponentId: bayo, challengerScore: 3, opponentScore: 1 } }),
    entry('ResultSuggested', 'event', 'live', { code: 'result_suggested', params: { winnerId: ada, basis: 'goals', challengerTotal: 3, opponentTotal: 1, handicap: 0 } }),
    entry('BetResultReported', 'event', 'bets', { code: 'result_reported', params: { reporterId: ada, result: 'won', evidenceCount: 0 } }, { data: { reporterId: ada, result: 'won' } }),
    entry('BetResultReported', 'event', 'bets', { code: 'result_reported', params: { reporterId: bayo, result: 'won', evidenceCount: 0 } }, { data: { reporterId: bayo, result: 'won' }, actor: bayo }),
    entry('ReportContradictsTracker', 'event', 'live', { code: 'report_contradicts_tracker', params: { reporterId: bayo, reported: 'won', suggestedWinnerId: ada } }, { actor: bayo, data: { reporterId: bayo, reported: 'won' } }),
    entry('BetDisputed', 'event', 'bets', { code: 'bet_disputed', params: { reason: 'Both players reported a win' } }, { data: { disputedAt: new Date(Date.now() - (2 * 60 + 5) * 60_000).toISOString() } }),
  ],
  chains: [{ streamId: `bet-${betId}`, events: 5, intact: false, breaks: 1, brokenAt: { streamRevision: 3, eventId: 'e3', type: 'BetResultReported' } }],
  intact: false,
  people: { [ada]: 'ada_lagos', [bayo]: 'bayo' },
  generatedAt: '2026-11-20T12:00:00.000Z',
};
const ledger = { betId, currency: 'NGN', escrowAccount: `bet:${betId}:escrow:NGN`, escrowBalance: '1020.00', movements: [], chain: { streamId: `bet-${betId}`, headHash: null, events: [] } };

describe('the dispute queue', () => {
  it('keeps the oldest-first order, says how long each has been open, and links to the review page', async () => {
    const older = { ...bet, id: '44444444-4444-4444-8444-444444444444', disputedAt: new Date(Date.now() - 26 * 3600_000).toISOString() };
    const newer = { ...bet, disputedAt: new Date(Date.now() - 5 * 60_000).toISOString() };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: admin }), 'GET /api/admin/bets/disputed': () => ({ body: [older, newer] }) }).fetchFn);
    renderWithApp(<DisputesTab />);
    const rows = within(await screen.findByTestId('admin-disputes')).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([`admin-dispute-${older.id}`, `admin-dispute-${newer.id}`]);
    expect(within(rows[0]!).getByTestId('admin-dispute-age')).toHaveTextContent('Open for 1d 2h');
    expect(within(rows[1]!).getByTestId('admin-dispute-age')).toHaveTextContent('Open for 5m');
    expect(within(rows[1]!).getByRole('link', { name: 'Review' })).toHaveAttribute('href', `/admin/disputes/${betId}`);
    // Each player is named with their username, linked to their admin record.
    expect(within(rows[0]!).getByRole('link', { name: 'ada_lagos' })).toHaveAttribute('href', `/admin/users/${ada}`);
    expect(within(rows[0]!).getByRole('link', { name: 'bayo' })).toHaveAttribute('href', `/admin/users/${bayo}`);
  });
});

describe('the dispute reason, in the admin\'s language', () => {
  it.each([
    ['es', 'Los dos jugadores declararon una victoria', 'Los dos jugadores declararon una derrota'],
    ['fr', 'Les deux joueurs ont déclaré une victoire', 'Les deux joueurs ont déclaré une défaite'],
  ] as const)('in %s the queue says each reason by its code; a reason without a code shows as the server sent it', async (language, won, lost) => {
    const { i18n } = await import('../../../lib/i18n');
    const both = { ...bet, disputeReasonCode: 'both_reported_win', disputedAt: new Date(Date.now() - 60 * 60_000).toISOString() };
    const lostBoth = { ...bet, id: '55555555-5555-4555-8555-555555555555', disputeReason: 'Both players reported a loss', disputeReasonCode: 'both_reported_loss', disputedAt: new Date(Date.now() - 30 * 60_000).toISOString() };
    const uncoded = { ...bet, id: '66666666-6666-4666-8666-666666666666', disputeReason: 'Flagged by support', disputeReasonCode: null, disputedAt: new Date(Date.now() - 10 * 60_000).toISOString() };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: admin }), 'GET /api/admin/bets/disputed': () => ({ body: [both, lostBoth, uncoded] }) }).fetchFn);
    await i18n.changeLanguage(language);
    try {
      renderWithApp(<DisputesTab />);
      const rows = within(await screen.findByTestId('admin-disputes')).getAllByRole('listitem');
      expect(rows[0]).toHaveTextContent(won);
      expect(rows[1]).toHaveTextContent(lost);
      expect(rows[2]).toHaveTextContent('Flagged by support');
      for (const row of rows.slice(0, 2)) expect(row).not.toHaveTextContent('Both players');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('the review page says it in French too', async () => {
    const { i18n } = await import('../../../lib/i18n');
    const coded = { ...trail, bet: { ...bet, disputeReasonCode: 'both_reported_win' }, entries: trail.entries.map((e) => (e.type === 'BetDisputed' ? { ...e, summary: { code: 'bet_disputed', params: { reason: 'Both players reported a win', reasonCode: 'both_reported_win' } } } : e)) };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: admin }), [`GET /api/admin/bets/${betId}/trail`]: () => ({ body: coded }), [`GET /api/bets/${betId}/ledger`]: () => ({ body: ledger }) }).fetchFn);
    await i18n.changeLanguage('fr');
    try {
      renderWithApp(<DisputeReview betId={betId} />);
      const page = await screen.findByTestId('dispute-review');
      await within(page).findByTestId('dispute-summary');
      // The header's line under the players: "… · Les deux joueurs ont déclaré une victoire".
      expect(within(page).getByText(/· Les deux joueurs ont déclaré une victoire$/)).toBeInTheDocument();
      expect(await within(page).findByText(/le pari est contesté \(les deux joueurs ont déclaré une victoire\)/)).toBeInTheDocument();
      expect(page).not.toHaveTextContent('Both players reported a win');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the dispute review page', () => {
  it('reads as a casebook and resolves with a notes template', async () => {
    const fake = fakeFetch({
      'GET /api/user': () => ({ body: admin }),
      [`GET /api/admin/bets/${betId}/trail`]: () => ({ body: trail }),
      [`GET /api/bets/${betId}/ledger`]: () => ({ body: ledger }),
      [`PUT /api/admin/bets/${betId}/resolve`]: () => ({ body: { ...bet, status: 'completed', actualWinner: ada } }),
    });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(<DisputeReview betId={betId} />);
    const page = await screen.findByTestId('dispute-review');
    expect(await within(page).findByTestId('dispute-age')).toHaveTextContent('Dispute open for 2h 5m');
    const reports = within(page).getAllByTestId('admin-report');
    expect(reports.map((r) => r.textContent)).toEqual([expect.stringContaining('ada_lagos reported Won'), expect.stringContaining('bayo reported Won')]);
    // The players are linked to their admin records: in the summary and in each report's title.
    const summary = within(page).getByTestId('dispute-summary');
    expect(within(summary).getByRole('link', { name: 'ada_lagos' })).toHaveAttribute('href', `/admin/users/${ada}`);
    expect(within(summary).getByRole('link', { name: 'bayo' })).toHaveAttribute('href', `/admin/users/${bayo}`);
    expect(within(reports[0]!).getByRole('heading', { name: 'Challenger: ada_lagos' })).toBeInTheDocument();
    expect(within(within(reports[0]!).getByRole('heading')).getByRole('link', { name: 'ada_lagos' })).toHaveAttribute('href', `/admin/users/${ada}`);
    expect(within(within(reports[1]!).getByRole('heading')).getByRole('link', { name: 'bayo' })).toHaveAttribute('href', `/admin/users/${bayo}`);
    expect(within(page).getByTestId('admin-tracker-score')).toHaveTextContent('The tracked match ended 3–1 (ada_lagos v bayo)');
    expect(within(page).getByTestId('admin-tracker-suggestion')).toHaveTextContent('The tracker suggests ada_lagos won: 3–1 goals, handicap 0');
    expect(within(page).getByTestId('admin-tracker-contradiction')).toHaveTextContent('bayo reported a win, which contradicts the tracker (it suggests ada_lagos won)');
    expect(within(page).getByTestId('admin-chat')).toHaveTextContent('ada_lagos: gg, 3-1 to me');
    expect(within(page).getByTestId('admin-money-line')).toHaveTextContent('ada_lagos locked ₦1,020.00 into escrow (stake ₦1,000.00 + fee ₦20.00)');
    expect(within(page).getByTestId('admin-trail-chain')).toHaveTextContent(`Chain broken: bet-${betId} at revision 3`);

    // The casebook: sentences with names, no ids; the raw event one click away.
    const casebook = within(page).getByTestId('admin-trail');
    const texts = within(casebook).getAllByTestId('admin-trail-text').map((el) => el.textContent ?? '');
    expect(texts).toContain('ada_lagos locked ₦1,020.00 into escrow (stake ₦1,000.00 + fee ₦20.00)');
    for (const text of texts) expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(within(casebook).queryByTestId('admin-trail-raw')).toBeNull();
    await userEvent.click(within(casebook).getAllByTestId('admin-trail-raw-toggle')[0]!);
    expect(within(casebook).getByTestId('admin-trail-raw')).toHaveTextContent(`"account": "bet:${betId}:escrow:NGN"`);

    // Resolution: a decision and notes are required; a template fills the notes for the chosen winner.
    const form = within(page).getByTestId('admin-resolve-form');
    await userEvent.click(within(form).getByTestId('admin-resolve-submit'));
    expect(await within(form).findByText('Choose a winner or void the bet')).toBeInTheDocument();
    await userEvent.click(within(form).getByLabelText('Award the win to ada_lagos'));
    await userEvent.click(within(form).getByTestId('admin-resolve-submit'));
    expect(await within(form).findByText('Resolution notes are required')).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByTestId('admin-resolve-template'), 'trackerFor');
    expect(within(form).getByTestId('admin-resolve-notes')).toHaveValue('The tracker’s result agrees with ada_lagos’s report.');
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(form).getByTestId('admin-resolve-submit'));
    expect(await screen.findByText('Dispute resolved')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({ winnerId: ada, adminNotes: 'The tracker’s result agrees with ada_lagos’s report.' });
    expect(within(page).getByTestId('appeal-slot')).toHaveAttribute('data-bet-id', betId);
  });

  it('void templates follow the void decision', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: admin }), [`GET /api/admin/bets/${betId}/trail`]: () => ({ body: trail }), [`GET /api/bets/${betId}/ledger`]: () => ({ body: ledger }) }).fetchFn);
    renderWithApp(<DisputeReview betId={betId} />);
    const form = await screen.findByTestId('admin-resolve-form');
    expect(within(form).getByTestId('admin-resolve-template')).toBeDisabled();
    await userEvent.click(within(form).getByLabelText('Void the bet (refund both players)'));
    const options = within(within(form).getByTestId('admin-resolve-template')).getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(options).toEqual(['', 'voidInconclusive', 'voidRules']);
  });

  it('refuses a non-admin', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: { ...admin, isAdmin: false } }) }).fetchFn);
    renderWithApp(<DisputeReview betId={betId} />);
    expect(await screen.findByTestId('admin-access-denied')).toHaveTextContent('Access Denied');
  });
});
