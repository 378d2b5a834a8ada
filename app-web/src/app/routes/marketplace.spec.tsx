// Proves a marketplace join the API answers 202 ("processing"): the player is told it is being processed (information, not an error) and taken to the bet's chat (spec: joining "sends the user to the chat screen for that bet"), where the live updates bring the bet.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../testing/render';
import { MarketplaceRoute } from './marketplace';

afterEach(() => vi.unstubAllGlobals());

describe('MarketplaceRoute', () => {
  it('given a join answered 202, then a "Processing" information toast and the bet chat', async () => {
    const challengeId = crypto.randomUUID();
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const { fetchFn, calls } = fakeFetch({
      'GET /api/user': () => ({ body: { id: crypto.randomUUID(), username: 'bob', email: 'bob@example.com', balance: '5000.00' } }),
      'GET /api/challenges/public': () => ({
        body: {
          totalPages: 1,
          challenges: [{ id: challengeId, gameType: 'fc25', amount: '100.00', currency: 'NGN', challengerUsername: 'ann', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), createdAt: new Date().toISOString() }],
        },
      }),
      [`POST /api/challenges/join/${challengeId}`]: () => ({ status: 202, body: { status: 'processing', message: 'Your request was recorded and is being processed. It will appear in a moment.', betId: challengeId } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    const { router, queryClient } = renderWithApp(<MarketplaceRoute />, { path: '/marketplace', routes: [{ path: '/chat/:betId', element: <p>Match Chat</p> }] });
    const card = await screen.findByTestId('challenge-card');
    await waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toBeTruthy());
    await userEvent.click(within(card).getByRole('button', { name: 'Join Challenge' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-type', 'info');
    expect(toast).toHaveTextContent('Processing');
    expect(toast).toHaveTextContent('Your request was recorded and is being processed. It will appear in a moment.');
    expect(await screen.findByText('Match Chat')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/chat/${challengeId}`);
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/challenges/join/${challengeId}`)).toBe(true);
  });
});
