// Proves the deposit page a naira player sees: it opens on Bank/Card (recommended to them; crypto stays recommended to others), its Deposit Limits box shows the player's own deposit limits with what is left (not the stake limit), and during a cool-off both deposit buttons are closed up front, under the banner.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../testing/render';
import { DepositRoute } from './deposit';

afterEach(() => vi.unstubAllGlobals());

const limit = (value: string | null, remaining: string | null, used = '0.00') => ({ limit: value, pending: null, used, remaining });
const limits = {
  currency: 'NGN',
  timeZone: 'Africa/Lagos',
  depositDaily: limit('5000.00', '3000.00', '2000.00'),
  depositWeekly: limit(null, null),
  depositMonthly: limit('100000.00', '98000.00', '2000.00'),
  stakeDaily: limit('50000.00', '50000.00'),
  exclusion: null,
  selfExcludedUntil: null,
  coolOffUntil: null,
  realityCheckMinutes: null,
};

function render(user: Record<string, unknown>) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
  const { fetchFn } = fakeFetch({
    'GET /api/user': () => ({ body: { id: crypto.randomUUID(), username: 'ada', email: 'ada@example.com', balance: '0.00', cryptoBalance: '0.00', currencySetByUser: true, ...user } }),
    'GET /api/user/limits': () => ({ body: limits }),
    'GET /api/crypto/currencies': () => ({ body: [] }),
  });
  vi.stubGlobal('fetch', fetchFn);
  return renderWithApp(<DepositRoute />, { path: '/deposit' });
}

describe('DepositRoute', () => {
  it('a naira player lands on Bank/Card, marked recommended', async () => {
    render({ preferredCurrency: 'NGN', country: 'NG' });
    const bank = await screen.findByRole('tab', { name: /Bank\/Card/ });
    expect(bank).toHaveAttribute('aria-selected', 'true');
    expect(bank).toHaveTextContent('Recommended');
    expect(screen.getByRole('tab', { name: /Crypto/ })).not.toHaveTextContent('Recommended');
    expect(screen.getByRole('button', { name: 'Pay with Paystack' })).toBeEnabled();
  });

  it('a dollar player elsewhere lands on crypto, marked recommended', async () => {
    render({ preferredCurrency: 'USD', country: 'US' });
    const crypto = await screen.findByRole('tab', { name: /Crypto/ });
    expect(crypto).toHaveAttribute('aria-selected', 'true');
    expect(crypto).toHaveTextContent('Recommended');
  });

  it("the Deposit Limits box shows the player's own deposit limits and what is left, not the stake limit", async () => {
    render({ preferredCurrency: 'NGN', country: 'NG', dailyLimit: '50000.00' });
    const box = await screen.findByTestId('deposit-limits');
    await waitFor(() => expect(within(box).getByTestId('deposit-limit-depositDaily')).toHaveTextContent('₦5,000.00 · Left today: ₦3,000.00'));
    expect(within(box).getByTestId('deposit-limit-depositWeekly')).toHaveTextContent('No limit');
    expect(within(box).getByTestId('deposit-limit-depositMonthly')).toHaveTextContent('₦100,000.00 · Left this month: ₦98,000.00');
    expect(box).not.toHaveTextContent(/stake/i);
    expect(screen.getByRole('link', { name: 'Set your deposit limits' })).toHaveAttribute('href', '/profile?tab=safer');
  });

  it('during a cool-off, the deposit buttons are closed up front and the banner says until when', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    render({ preferredCurrency: 'NGN', country: 'NG', coolOffUntil: until });
    const pay = await screen.findByRole('button', { name: 'Pay with Paystack' });
    await waitFor(() => expect(pay).toBeDisabled());
    expect(screen.getAllByTestId('safer-play-banner')[0]).toHaveTextContent(/cool-off until/);
    await userEvent.click(screen.getByRole('tab', { name: /Crypto/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Deposit Address' })).toBeDisabled());
  });

  it('on a frozen account, the deposit buttons are closed up front and the notice beside them gives the reason', async () => {
    render({ preferredCurrency: 'NGN', country: 'NG', freezeReason: 'Chargeback under review' });
    const pay = await screen.findByRole('button', { name: 'Pay with Paystack' });
    await waitFor(() => expect(pay).toBeDisabled());
    expect(screen.getAllByTestId('frozen-money-notice')[0]).toHaveTextContent('Your account is frozen, so this is closed. Reason: Chargeback under review.');
    await userEvent.click(screen.getByRole('tab', { name: /Crypto/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Deposit Address' })).toBeDisabled());
  });

  it('without a freeze there is no freeze notice and Pay is open', async () => {
    render({ preferredCurrency: 'NGN', country: 'NG', freezeReason: null });
    expect(await screen.findByRole('button', { name: 'Pay with Paystack' })).toBeEnabled();
    expect(screen.queryByTestId('frozen-money-notice')).toBeNull();
  });
});
