// Proves the join asks once, with the rules (additional terms included) and the server's total, before any money moves; the Details list the additional terms; the amount filter speaks naira; and a marketplace join the API answers 202 ("processing"): the player is told it is being processed (information, not an error) and taken to the bet's chat (spec: joining "sends the user to the chat screen for that bet"), where the live updates bring the bet.
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
    await userEvent.click(within(await screen.findByTestId('join-confirm')).getByRole('button', { name: 'Join for ₦102.00' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-type', 'info');
    expect(toast).toHaveTextContent('Processing');
    expect(toast).toHaveTextContent('Your request was recorded and is being processed. It will appear in a moment.');
    expect(await screen.findByText('Match Chat')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/chat/${challengeId}`);
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/challenges/join/${challengeId}`)).toBe(true);
  });

  it('Join Challenge asks once, with every rule and the total the server charges; nothing is sent until confirmed; Cancel sends nothing', async () => {
    const challengeId = crypto.randomUUID();
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const { fetchFn, calls } = fakeFetch({
      'GET /api/user': () => ({ body: { id: crypto.randomUUID(), username: 'bob', email: 'bob@example.com', balance: '5000.00' } }),
      'GET /api/challenges/public': () => ({
        body: {
          totalPages: 1,
          challenges: [{ id: challengeId, gameType: 'fc25', amount: '1000.00', feeAmount: '20.00', totalCost: '1020.00', currency: 'NGN', challengerUsername: 'ann', customRulesEnabled: true, goalHandicap: 1, matchDuration: 90, additionalTerms: 'No Real Madrid, best of three', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), createdAt: new Date().toISOString() }],
        },
      }),
      [`POST /api/challenges/join/${challengeId}`]: () => ({ body: { bet: { id: challengeId, status: 'accepted' }, message: 'Challenge Joined! Chat room created.' } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    const { queryClient } = renderWithApp(<MarketplaceRoute />, { path: '/marketplace', routes: [{ path: '/chat/:betId', element: <p>Match Chat</p> }] });
    const card = await screen.findByTestId('challenge-card');
    await waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toBeTruthy());

    await userEvent.click(within(card).getByRole('button', { name: 'Details' }));
    const details = await screen.findByTestId('challenge-details');
    expect(details).toHaveTextContent('Additional terms');
    expect(details).toHaveTextContent('No Real Madrid, best of three');
    await userEvent.click(within(details).getByRole('button', { name: 'Close' }));

    const joins = () => calls.filter((c) => c.method === 'POST' && c.url === `/api/challenges/join/${challengeId}`).length;
    await userEvent.click(within(card).getByRole('button', { name: 'Join Challenge' }));
    let confirm = await screen.findByTestId('join-confirm');
    expect(joins()).toBe(0);
    expect(confirm).toHaveTextContent('FC 25 against ann');
    expect(within(confirm).getByTestId('join-total')).toHaveTextContent('₦1,020.00');
    expect(confirm).toHaveTextContent('₦20.00');
    expect(within(confirm).getByTestId('join-rules')).toHaveTextContent('No Real Madrid, best of three');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('join-confirm')).not.toBeInTheDocument());
    expect(joins()).toBe(0);

    await userEvent.click(within(card).getByRole('button', { name: 'Join Challenge' }));
    confirm = await screen.findByTestId('join-confirm');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Join for ₦1,020.00' }));
    expect(await screen.findByText('Match Chat')).toBeInTheDocument();
    expect(joins()).toBe(1);
  });

  it('a player who cannot cover the total is told so in the confirmation, and cannot confirm', async () => {
    const challengeId = crypto.randomUUID();
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const { fetchFn } = fakeFetch({
      'GET /api/user': () => ({ body: { id: crypto.randomUUID(), username: 'bob', email: 'bob@example.com', balance: '1000.00' } }),
      'GET /api/challenges/public': () => ({
        body: { totalPages: 1, challenges: [{ id: challengeId, gameType: 'cod', amount: '1000.00', feeAmount: '20.00', totalCost: '1020.00', currency: 'NGN', challengerUsername: 'ann', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), createdAt: new Date().toISOString() }] },
      }),
    });
    vi.stubGlobal('fetch', fetchFn);
    const { queryClient } = renderWithApp(<MarketplaceRoute />, { path: '/marketplace' });
    const card = await screen.findByTestId('challenge-card');
    await waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toBeTruthy());
    await userEvent.click(within(card).getByRole('button', { name: 'Join Challenge' }));
    const confirm = await screen.findByTestId('join-confirm');
    expect(within(confirm).getByTestId('insufficient-balance')).toBeInTheDocument();
    expect(within(confirm).getByTestId('join-rules')).toHaveTextContent('Standard rules: no custom rules were set.');
    expect(within(confirm).getByRole('button', { name: 'Join for ₦1,020.00' })).toBeDisabled();
  });

  it('the amount filter states its bounds in naira (the wallet currency), or in the currency filtered on', async () => {
    const { fetchFn } = fakeFetch({ 'GET /api/challenges/public': () => ({ body: { totalPages: 1, challenges: [] } }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<MarketplaceRoute />, { path: '/marketplace' });
    const amount = await screen.findByLabelText('Amount');
    expect(within(amount).getByRole('option', { name: 'Under ₦80,000.00' })).toBeInTheDocument();
    expect(within(amount).getByRole('option', { name: '₦80,000.00 to ₦320,000.00' })).toBeInTheDocument();
    expect(within(amount).getByRole('option', { name: 'Over ₦320,000.00' })).toBeInTheDocument();
    expect(amount).not.toHaveTextContent('$');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD');
    expect(within(screen.getByLabelText('Amount')).getByRole('option', { name: 'Under $50.00' })).toBeInTheDocument();
  });

  it('during a self-exclusion the confirmation says so up front and cannot be confirmed', async () => {
    const challengeId = crypto.randomUUID();
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const { fetchFn, calls } = fakeFetch({
      'GET /api/user': () => ({ body: { id: crypto.randomUUID(), username: 'bob', email: 'bob@example.com', balance: '5000.00', selfExcludedUntil: new Date(Date.now() + 86_400_000 * 180).toISOString() } }),
      'GET /api/challenges/public': () => ({
        body: { totalPages: 1, challenges: [{ id: challengeId, gameType: 'cod', amount: '100.00', feeAmount: '2.00', totalCost: '102.00', currency: 'NGN', challengerUsername: 'ann', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), createdAt: new Date().toISOString() }] },
      }),
    });
    vi.stubGlobal('fetch', fetchFn);
    const { queryClient } = renderWithApp(<MarketplaceRoute />, { path: '/marketplace' });
    const card = await screen.findByTestId('challenge-card');
    await waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toBeTruthy());
    await userEvent.click(within(card).getByRole('button', { name: 'Join Challenge' }));
    const confirm = await screen.findByTestId('join-confirm');
    expect(within(confirm).getByTestId('safer-play-banner')).toHaveTextContent(/self-excluded until/);
    expect(within(confirm).getByRole('button', { name: 'Join for ₦102.00' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('on a frozen account the confirmation gives the freeze reason up front and cannot be confirmed', async () => {
    const challengeId = crypto.randomUUID();
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const { fetchFn, calls } = fakeFetch({
      'GET /api/user': () => ({ body: { id: crypto.randomUUID(), username: 'bob', email: 'bob@example.com', balance: '5000.00', freezeReason: 'Chargeback under review' } }),
      'GET /api/challenges/public': () => ({
        body: { totalPages: 1, challenges: [{ id: challengeId, gameType: 'cod', amount: '100.00', feeAmount: '2.00', totalCost: '102.00', currency: 'NGN', challengerUsername: 'ann', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), createdAt: new Date().toISOString() }] },
      }),
    });
    vi.stubGlobal('fetch', fetchFn);
    const { queryClient } = renderWithApp(<MarketplaceRoute />, { path: '/marketplace' });
    const card = await screen.findByTestId('challenge-card');
    await waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toBeTruthy());
    await userEvent.click(within(card).getByRole('button', { name: 'Join Challenge' }));
    const confirm = await screen.findByTestId('join-confirm');
    expect(within(confirm).getByTestId('frozen-money-notice')).toHaveTextContent('Reason: Chargeback under review');
    expect(within(confirm).queryByTestId('insufficient-balance')).toBeNull();
    expect(within(confirm).getByRole('button', { name: 'Join for ₦102.00' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
