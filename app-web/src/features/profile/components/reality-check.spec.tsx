// Proves the reality check reminder: after the player's interval of play in this session, a dialog shows the minutes played and the net spend (stakes and fees less refunds and winnings since the session began); with the check off, nothing shows.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { Transaction } from '@wager/domain/contracts/wallet';
import { REMINDED_KEY, RealityCheckReminder, SESSION_START_KEY, netSpend } from './reality-check';
import { aTransaction } from '@wager/domain/testing/contract-fixtures';

const user = { id: crypto.randomUUID(), username: 'ann', email: 'a@example.com', balance: '100.00', cryptoBalance: '0.00' };
const limits = (realityCheckMinutes: number | null) => ({ currency: 'NGN', realityCheckMinutes, exclusion: null, selfExcludedUntil: null, coolOffUntil: null });
const tx = (type: string, amount: string, at: number): Transaction => aTransaction({ id: crypto.randomUUID(), type, status: 'completed', amount, createdAt: new Date(at).toISOString() });

// The app asks for the user only with a stored session (a visitor makes no /api/user call).
beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('reality check', () => {
  it('nets stakes and fees against refunds and winnings since the session began', () => {
    const start = Date.parse('2026-11-24T10:00:00Z');
    const list = [tx('bet_escrow', '100.00', start + 1), tx('fee', '2.00', start + 1), tx('refund', '51.00', start + 2), tx('bet_payout', '20.00', start + 3), tx('deposit', '500.00', start + 4), tx('bet_escrow', '999.00', start - 1)];
    expect(netSpend(list, start).toFixed(2)).toBe('31.00');
  });

  it('reminds the player once their interval of play has passed, with time played and net spend', async () => {
    const started = Date.now() - 15 * 60_000 + 300; // the 15-minute mark is 0.3 s away
    sessionStorage.setItem(SESSION_START_KEY, String(started));
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/user': () => ({ body: user }),
        'GET /api/user/limits': () => ({ body: limits(15) }),
        'GET /api/transactions': () => ({ body: [tx('bet_escrow', '100.00', started + 1), tx('fee', '2.00', started + 1)] }),
      }).fetchFn,
    );
    renderWithApp(<RealityCheckReminder />);
    const dialog = await screen.findByTestId('reality-check');
    expect(dialog).toHaveTextContent('You have been playing for 15 minutes.');
    expect(await screen.findByText(/Net spend in this session: ₦102.00/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep playing' }));
    // Not again until the next 15 minutes (the reminded mark is kept for the session).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('reality-check')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(REMINDED_KEY)).toBe('1');
  });

  it('shows nothing while the check is off', async () => {
    sessionStorage.setItem(SESSION_START_KEY, String(Date.now() - 60 * 60_000));
    const { fetchFn, calls } = fakeFetch({ 'GET /api/user': () => ({ body: user }), 'GET /api/user/limits': () => ({ body: limits(null) }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<RealityCheckReminder />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/limits')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('reality-check')).not.toBeInTheDocument();
  });
});
