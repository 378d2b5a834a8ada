// Proves the first minutes on the dashboard: a new player is welcomed (not "welcomed back"), a player who chose their currency at signup gets no location dialog, one who has played is welcomed back, and no developer button is on the page.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../testing/render';
import { DashboardRoute } from './dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function player(overrides: Record<string, unknown> = {}) {
  return { id: crypto.randomUUID(), username: 'ada', email: 'ada@example.com', balance: '0.00', preferredCurrency: 'NGN', country: 'NG', locationDetectedAt: null, currencySetByUser: true, wins: 0, losses: 0, ...overrides };
}

async function renderDashboard(user: Record<string, unknown>, bets: unknown[] = [], transactions: unknown[] = []) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
  const { fetchFn } = fakeFetch({
    'GET /api/user': () => ({ body: user }),
    'GET /api/bets': () => ({ body: bets }),
    'GET /api/transactions': () => ({ body: transactions }),
  });
  vi.stubGlobal('fetch', fetchFn);
  const { queryClient } = renderWithApp(<DashboardRoute />, { path: '/dashboard' });
  await waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toBeTruthy());
  return queryClient;
}

describe('DashboardRoute', () => {
  it('a player who just chose country and currency is welcomed, with no location dialog and no developer button', async () => {
    await renderDashboard(player());
    expect(await screen.findByRole('heading', { name: 'Welcome, ada!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Welcome back/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('location-dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Test Location/i })).not.toBeInTheDocument();
  });

  it('a player whose currency was only guessed (quick signup) is offered the location dialog once', async () => {
    await renderDashboard(player({ currencySetByUser: false }));
    expect(await screen.findByTestId('location-dialog')).toBeInTheDocument();
  });

  it('a player who has played is welcomed back', async () => {
    const bet = { id: crypto.randomUUID(), gameType: 'fc25', amount: '1000.00', currency: 'NGN', status: 'completed', challengerId: 'x', createdAt: new Date().toISOString() };
    await renderDashboard(player(), [bet]);
    expect(await screen.findByRole('heading', { name: 'Welcome back, ada!' })).toBeInTheDocument();
  });

  it('during a cool-off the Create buttons are closed up front (the banner above says why)', async () => {
    await renderDashboard(player({ coolOffUntil: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(await screen.findByRole('button', { name: 'Create New Challenge' })).toBeDisabled();
  });

  it('on a frozen account the Create buttons are closed up front (the freeze notice above every page says why)', async () => {
    await renderDashboard(player({ freezeReason: 'Chargeback under review' }));
    expect(await screen.findByRole('button', { name: 'Create New Challenge' })).toBeDisabled();
  });
});
