// Proves the Withdraw to bank dialog against a fake API: a player with no account resolves the number to the bank's name before adding it, then withdraws with the ₦1,000 minimum and the balance checked first, and the withdrawal list shows each step and why one waits, in es too.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/date-time';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import type { BankAccount, BankWithdrawal } from '../api/bank-payouts';
import { BankWithdrawDialog } from './bank-withdraw-dialog';
import { BankWithdrawalHistory, PayoutTimeNote } from './bank-withdrawals';
import { aUser } from '@wager/domain/testing/contract-fixtures';

const user: User = aUser({ id: 'u1', username: 'ann', email: 'ann@example.com', balance: '3000.00', cryptoBalance: '0.00', isEmailVerified: true, isPhoneVerified: false });
const account: BankAccount = { id: 'ba1', bankCode: '058', bankName: 'Guaranty Trust Bank', accountName: 'ADA OBI', accountNumber: '******6789', addedAt: '2026-11-24T09:00:00.000Z' };

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function api(accounts: BankAccount[] = []) {
  const fake = fakeFetch({
    'GET /api/banks': () => ({ body: [{ name: 'Access Bank', code: '044' }, { name: 'Guaranty Trust Bank', code: '058' }] }),
    'GET /api/bank-accounts': () => ({ body: accounts }),
    'POST /api/bank-accounts/resolve': () => ({ body: { bankCode: '058', bankName: 'Guaranty Trust Bank', accountName: 'ADA OBI' } }),
    'POST /api/bank-accounts': () => {
      accounts = [account];
      return { body: account };
    },
    'POST /api/withdrawals/bank': () => ({ body: { id: 'w1', status: 'requested', waiting: 'review' } }),
  });
  vi.stubGlobal('fetch', fake.fetchFn);
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
  return fake;
}

describe('BankWithdrawDialog', () => {
  it('resolves the account number to the bank\'s name for confirmation before adding the account', async () => {
    const { calls } = api();
    renderWithApp(<BankWithdrawDialog user={user} open onOpenChange={() => undefined} />);
    const form = await screen.findByTestId('add-bank-account');
    await userEvent.selectOptions(await within(form).findByLabelText('Bank'), '058');
    await userEvent.type(within(form).getByLabelText('Account number'), '0123456789');
    await userEvent.click(within(form).getByRole('button', { name: 'Check account' }));
    expect(await screen.findByTestId('resolved-account-name')).toHaveTextContent('Account name: ADA OBI (Guaranty Trust Bank). Is this you?');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, add this account' }));
    expect(await screen.findByLabelText('To account')).toHaveTextContent('Guaranty Trust Bank ******6789 — ADA OBI');
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/bank-accounts')?.body).toEqual({ bankCode: '058', accountNumber: '0123456789' });
    expect(screen.getByTestId('bank-kyc-warning')).toBeInTheDocument();
  });

  it.each([
    ['999', 'Minimum withdrawal amount is ₦1,000'],
    ['3000.01', 'This withdrawal is more than your available balance.'],
  ])('refuses %j with %j before calling the server', async (amount, message) => {
    const { calls } = api([account]);
    renderWithApp(<BankWithdrawDialog user={user} open onOpenChange={() => undefined} />);
    await userEvent.type(await screen.findByLabelText('Amount'), amount);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw to bank' }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url === '/api/withdrawals/bank')).toBe(false);
  });

  it('withdraws to the chosen account and says why it waits', async () => {
    const { calls } = api([account]);
    renderWithApp(<BankWithdrawDialog user={user} open onOpenChange={() => undefined} />);
    await userEvent.type(await screen.findByLabelText('Amount'), '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw to bank' }));
    expect(await screen.findByText('Waiting for a review')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/withdrawals/bank')?.body).toEqual({ amount: '1500', bankAccountId: 'ba1' });
  });
});

describe('BankWithdrawalHistory', () => {
  const w = (status: BankWithdrawal['status'], extra: Partial<BankWithdrawal> = {}): BankWithdrawal => ({
    id: `w-${status}`, amount: '5000.00', currency: 'NGN', status, reference: 'wdr_x', bankAccountId: 'ba1', bankName: 'Guaranty Trust Bank', accountName: 'ADA OBI', accountNumber: '******6789',
    requiresKyc: false, waiting: null, notBefore: '2026-11-24T09:00:00.000Z', returnReason: null, requestedAt: '2026-11-24T09:00:00.000Z', sentAt: null, paidAt: null, returnedAt: null, ...extra,
  });

  it('shows each withdrawal\'s steps with times, and why one waits, in Spanish too', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/withdrawals/bank': () => ({ body: [w('paid', { sentAt: '2026-11-24T09:01:00.000Z', paidAt: '2026-11-24T09:03:00.000Z' }), w('requested', { waiting: 'new_account', notBefore: '2026-11-25T09:00:00.000Z' })] }) }).fetchFn);
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    await i18n.changeLanguage('es');
    renderWithApp(<BankWithdrawalHistory />);
    const rows = await screen.findAllByTestId('bank-withdrawal');
    expect(within(rows[0]!).getByTestId('bank-withdrawal-status')).toHaveTextContent('Pagado');
    expect(within(rows[0]!).getAllByRole('listitem').map((li) => li.textContent?.split(' ')[0])).toEqual(['Solicitado', 'Enviado', 'Pagado']);
    expect(within(rows[1]!).getByText(`Cuenta nueva: se envía a partir del ${formatDateTime('2026-11-25T09:00:00.000Z')}`)).toBeInTheDocument();
  });
});

describe('PayoutTimeNote', () => {
  it('says the figure counts automatic payouts only, and gives none below the minimum sample', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    await i18n.changeLanguage('en');
    let answer = { medianMinutes: null as number | null, sample: 9, sampleMin: 10, automaticOnly: true };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/withdrawals/bank/payout-time': () => ({ body: answer }) }).fetchFn);
    const first = renderWithApp(<PayoutTimeNote />);
    expect(await screen.findByTestId('payout-time')).toHaveTextContent('A typical payout time is shown once 10 withdrawals have been paid automatically.');
    first.unmount();
    answer = { medianMinutes: 3, sample: 42, sampleMin: 10, automaticOnly: true };
    renderWithApp(<PayoutTimeNote />);
    expect(await screen.findByTestId('payout-time')).toHaveTextContent('Bank withdrawals are usually paid in 3 minutes (median of the last 42 automatic payouts only; reviewed ones take longer).');
  });
});
