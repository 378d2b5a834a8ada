// Proves the player's appeal on the match page: the Appeal action shows only to a player of an admin-resolved bet inside the window, refuses a short reason before any request, files the appeal and words a server refusal by its code in the reader's language; an appeal's state (under review, overturned) reads as the bet says.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { AppealSection, canAppeal } from './appeal-section';
import { aBet } from '@wager/domain/testing/contract-fixtures';

afterEach(() => vi.unstubAllGlobals());

const betId = '11111111-2222-4333-8444-555555555555';
const later = new Date(Date.now() + 24 * 3600_000).toISOString();
const bet: Bet = aBet({ id: betId, amount: '100.00', currency: 'NGN', status: 'completed', challengerId: 'u-ann', opponentId: 'u-bob', actualWinner: 'u-ann', createdAt: '2026-11-20T10:00:00.000Z', appealDeadlineAt: later, appeal: null });
const nameOf = (id: string | null) => (id === 'u-ann' ? 'ann' : id === 'u-bob' ? 'bob' : '—');

function render(props: { bet: Bet; userId: string }, answer: () => { status?: number; body: unknown } = () => ({ status: 201, body: { bet } })) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-x');
  const fake = fakeFetch({ [`POST /api/bets/${betId}/appeal`]: answer });
  vi.stubGlobal('fetch', fake.fetchFn);
  renderWithApp(<AppealSection bet={props.bet} userId={props.userId} nameOf={nameOf} />);
  return fake;
}

describe('canAppeal', () => {
  it('is true only for a player, inside the window, with no appeal yet', () => {
    expect(canAppeal(bet, 'u-bob')).toBe(true);
    expect(canAppeal(bet, 'u-carol')).toBe(false);
    expect(canAppeal({ ...bet, appealDeadlineAt: null }, 'u-bob')).toBe(false);
    expect(canAppeal({ ...bet, appealDeadlineAt: new Date(Date.now() - 1000).toISOString() }, 'u-bob')).toBe(false);
    expect(canAppeal({ ...bet, appeal: { status: 'open', appellantId: 'u-ann', reason: 'r', filedAt: later, decidedBy: null, decidedAt: null } }, 'u-bob')).toBe(false);
  });
});

describe('AppealSection', () => {
  it('refuses a short reason before any request, then files the appeal', async () => {
    const fake = render({ bet, userId: 'u-bob' });
    await userEvent.click(await screen.findByTestId(`appeal-button-${betId}`));
    await userEvent.type(screen.getByTestId('appeal-reason'), 'short');
    await userEvent.click(screen.getByTestId('appeal-submit'));
    expect(await screen.findByText('Please give a reason for your appeal (at least 10 characters)')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('appeal-reason'), ' but the clip shows my goal');
    await userEvent.click(screen.getByTestId('appeal-submit'));
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'short but the clip shows my goal' }));
  });

  it('words a refusal by its code', async () => {
    render({ bet, userId: 'u-bob' }, () => ({ status: 409, body: { error: 'The 48-hour window to appeal this resolution has closed', code: 'appeal_window_closed' } }));
    await userEvent.click(await screen.findByTestId(`appeal-button-${betId}`));
    await userEvent.type(screen.getByTestId('appeal-reason'), 'the clip shows my goal');
    await userEvent.click(screen.getByTestId('appeal-submit'));
    expect(await screen.findByText('The 48-hour window to appeal this resolution has closed')).toBeInTheDocument();
  });

  it('shows an appeal under review and an overturn with its new winner', async () => {
    const open = { status: 'open' as const, appellantId: 'u-bob', reason: 'the clip shows my goal', filedAt: '2026-11-21T10:00:00.000Z', decidedBy: null, decidedAt: null };
    render({ bet: { ...bet, appeal: open }, userId: 'u-ann' });
    expect(await screen.findByTestId('appeal-status')).toHaveTextContent('Under review');
    expect(screen.getByTestId('appeal-section')).toHaveTextContent('the clip shows my goal');
    expect(screen.queryByTestId(`appeal-button-${betId}`)).toBeNull();
  });

  it('shows an overturn to the other player', async () => {
    const overturned = { status: 'overturned' as const, appellantId: 'u-bob', reason: 'the clip shows my goal', filedAt: '2026-11-21T10:00:00.000Z', decidedBy: 'u-admin', decidedAt: '2026-11-21T12:00:00.000Z' };
    render({ bet: { ...bet, actualWinner: 'u-bob', appeal: overturned }, userId: 'u-ann' });
    expect(await screen.findByTestId('appeal-outcome')).toHaveTextContent('The appeal changed the outcome: bob won.');
    expect(screen.getByTestId('appeal-section')).toHaveAttribute('data-status', 'overturned');
  });
});
