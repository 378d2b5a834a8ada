// Proves the withdrawal history never says "No withdrawals yet" under a withdrawal: a paid bank withdrawal is listed with its steps, in the app's one date format; the empty line shows only when both lists are empty.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-time';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { WalletPanel, WithdrawalHistory } from './wallet-panel';

afterEach(() => vi.unstubAllGlobals());

function show(bank: unknown[], crypto: unknown[] = []) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.length}-${Math.random()}`);
  const api = fakeFetch({ 'GET /api/withdrawals/bank': () => ({ body: bank }), 'GET /api/crypto/withdrawals': () => ({ body: crypto }) });
  vi.stubGlobal('fetch', api.fetchFn);
  return renderWithApp(<WithdrawalHistory />);
}

describe('WithdrawalHistory', () => {
  it('lists a paid bank withdrawal and does not say there are none', async () => {
    const at = '2026-11-26T10:00:00.000Z';
    show([{ id: 'w1', amount: '5000.00', currency: 'NGN', status: 'paid', reference: 'r1', bankAccountId: 'a1', bankName: 'GTBank', accountName: 'Ada', accountNumber: '******7890', requiresKyc: false, waiting: null, notBefore: at, returnReason: null, requestedAt: at, sentAt: at, paidAt: at, returnedAt: null }]);
    const row = await screen.findByTestId('bank-withdrawal');
    expect(row).toHaveAttribute('data-status', 'paid');
    expect(row).toHaveTextContent('₦5,000.00');
    expect(within(row).getAllByText(formatDateTime(at)).length).toBe(3);
    expect(screen.queryByText('No withdrawals yet')).not.toBeInTheDocument();
  });

  it('says "No withdrawals yet" when neither list has one', async () => {
    show([]);
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
  });
});

describe('WalletPanel', () => {
  const user = { id: crypto.randomUUID(), username: 'ada', email: 'ada@example.com', balance: '5000.00', cryptoBalance: '0.00', preferredCurrency: 'NGN', freezeReason: null as string | null };
  function showPanel(freezeReason: string | null) {
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${Math.random()}`);
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/withdrawals/bank': () => ({ body: [] }), 'GET /api/crypto/withdrawals': () => ({ body: [] }), 'GET /api/transactions': () => ({ body: [] }) }).fetchFn);
    return renderWithApp(<WalletPanel user={{ ...user, freezeReason } as unknown as Parameters<typeof WalletPanel>[0]['user']} />);
  }

  it('on a frozen account Deposit and both Withdraw buttons are closed up front, with the reason beside them', async () => {
    showPanel('Chargeback under review');
    expect(await screen.findByRole('button', { name: 'Deposit Funds' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Withdraw Crypto' })).toBeDisabled();
    expect(screen.getByTestId('withdraw-bank')).toBeDisabled();
    expect(screen.getByTestId('frozen-money-notice')).toHaveTextContent('Reason: Chargeback under review');
  });

  it('without a freeze they are open and no freeze notice shows', async () => {
    showPanel(null);
    expect(await screen.findByRole('button', { name: 'Deposit Funds' })).toBeEnabled();
    expect(screen.getByTestId('withdraw-bank')).toBeEnabled();
    expect(screen.queryByTestId('frozen-money-notice')).toBeNull();
  });
});
