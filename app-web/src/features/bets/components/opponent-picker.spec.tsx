// Proves a direct challenge's opponent is picked by name: typing part of a username searches the players (one request per pause), the picked player is shown by name, the challenge is posted with their id, and a search with no match says so.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { CreateChallengeDialog } from './create-challenge-dialog';
import { aUser } from '@wager/domain/testing/contract-fixtures';

afterEach(() => vi.unstubAllGlobals());

const me: User = aUser({ id: crypto.randomUUID(), username: 'ann', email: 'ann@example.com', balance: '5000.00', cryptoBalance: '0.00', dailyLimit: '50000.00', dailySpent: '0.00' });
const kola = { id: crypto.randomUUID(), username: 'kola', psnUsername: null, activisionId: null, isPsnVerified: false, isActivisionVerified: false, rating: 1040, wins: 3, losses: 1, online: true, lastSeenAt: null };

describe('OpponentPicker in Create Challenge', () => {
  it('finds the opponent by name and posts the challenge to their id', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const { fetchFn, calls } = fakeFetch({
      'GET /api/opponents': () => ({ body: { players: [kola], page: 1, totalPages: 1 } }),
      'POST /api/bets': () => ({ status: 201, body: { bet: { id: crypto.randomUUID(), status: 'pending' }, shareableLink: 'http://localhost/challenge/accept/x' } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<CreateChallengeDialog user={me} open onOpenChange={() => undefined} />);
    expect(screen.queryByText(/user id/i)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Opponent (optional)'), 'kol');
    const results = await screen.findByTestId('opponent-results');
    const searches = calls.filter((c) => c.url.startsWith('/api/opponents'));
    expect(searches).toHaveLength(1);
    expect(searches[0]!.url).toContain('search=kol');
    await userEvent.click(within(results).getByRole('button', { name: 'Challenge kola' }));
    expect(screen.getByTestId('opponent-picked')).toHaveTextContent('kola');
    await userEvent.type(screen.getByLabelText('Your PSN / Activision username'), 'ann_psn');
    await userEvent.click(screen.getByRole('button', { name: 'Create Challenge' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/bets')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ opponentId: kola.id });
  });

  it('says so when no player matches, and Change clears a pick (an open challenge again)', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    let players: unknown[] = [];
    const { fetchFn } = fakeFetch({ 'GET /api/opponents': () => ({ body: { players, page: 1, totalPages: 1 } }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<CreateChallengeDialog user={me} open onOpenChange={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Opponent (optional)'), 'zz');
    expect(await screen.findByTestId('opponent-none')).toHaveTextContent('No player matches “zz”.');
    players = [kola];
    await userEvent.clear(screen.getByLabelText('Opponent (optional)'));
    await userEvent.type(screen.getByLabelText('Opponent (optional)'), 'ko');
    await userEvent.click(await screen.findByRole('button', { name: 'Challenge kola' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByLabelText('Opponent (optional)')).toBeInTheDocument();
  });
});
