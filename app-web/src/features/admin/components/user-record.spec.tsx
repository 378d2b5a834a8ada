// Proves the admin's user record (issue #29): the transactions and bets tables (money formatted, each transaction and its status said by code in the admin's language, a disputed bet linked to its review, the opponent to their record), the pager, suspending needs a reason and posts it, a frozen account shows its reason and offers Unfreeze, and an admin account offers neither; a frozen player is told so above every page, in their language; a user an admin list names by id shows as their username linked to their record.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { UserRecord } from './user-record';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const admin = { id: crypto.randomUUID(), username: 'boss', email: 'boss@example.com', balance: '0.00', cryptoBalance: '0.00', isAdmin: true, isEmailVerified: true };
const userId = '00000000-0000-4000-8000-000000000042';
const opponentId = '00000000-0000-4000-8000-000000000043';
const noLimit = { limit: null, pending: null, used: '0.00', remaining: null };
const saferPlay = { currency: 'NGN', timeZone: 'Africa/Lagos', depositDaily: noLimit, depositWeekly: noLimit, depositMonthly: noLimit, stakeDaily: noLimit, exclusion: null, selfExcludedUntil: null, coolOffUntil: null, realityCheckMinutes: null, history: [] };
const detail = (restrictions: { suspension: { reason: string; since: string } | null; freeze: { reason: string; since: string } | null }, isAdmin = false) => ({
  user: { id: userId, username: 'ada', email: 'ada@example.com', phoneNumber: null, balance: '500.00', cryptoBalance: '0.00', isAdmin, isAgeVerified: true, adminNotes: null, createdAt: '2026-11-20T10:00:00.000Z' },
  verification: { isEmailVerified: true, isPhoneVerified: false, isPsnVerified: false, isAgeVerified: true },
  betsSummary: { total: 2, byStatus: {}, wins: 0, losses: 0, rating: 1000 },
  adminActions: restrictions.freeze ? [{ type: 'AccountFrozen', actor: `admin:${admin.id}`, adminId: admin.id, adminUsername: 'boss', at: restrictions.freeze.since, reason: restrictions.freeze.reason }] : [],
  saferPlay,
  restrictions,
});
const transactions = {
  transactions: [{ id: 't1', type: 'bet_escrow', status: 'completed', amount: '-1020.00', currency: 'NGN', betId: 'b1', poolId: null, reference: null, description: 'Stake held in escrow', descriptionCode: 'stake_held', descriptionParams: {}, createdAt: '2026-11-21T10:00:00.000Z' }],
  pagination: { page: 1, limit: 10, total: 11, pages: 2 },
};
const bets = {
  bets: [
    { id: 'b1', gameType: 'FC25', amount: '1000.00', currency: 'NGN', status: 'disputed', role: 'challenger', opponent: { id: opponentId, username: 'bayo' }, createdAt: '2026-11-21T10:00:00.000Z' },
    { id: 'b2', gameType: 'COD', amount: '250.00', currency: 'NGN', status: 'pending', role: 'challenger', opponent: null, createdAt: '2026-11-20T10:00:00.000Z' },
  ],
  pagination: { page: 1, limit: 10, total: 2, pages: 1 },
};

function routes(d: ReturnType<typeof detail>, extra: Record<string, () => { status?: number; body: unknown }> = {}) {
  return fakeFetch({
    'GET /api/user': () => ({ body: admin }),
    [`GET /api/admin/users/${userId}`]: () => ({ body: d }),
    [`GET /api/admin/users/${userId}/transactions`]: () => ({ body: transactions }),
    [`GET /api/admin/users/${userId}/bets`]: () => ({ body: bets }),
    ...extra,
  });
}

describe('UserRecord', () => {
  it('lists transactions and bets with links, and pages the transactions', async () => {
    const fake = routes(detail({ suspension: null, freeze: null }));
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(<UserRecord userId={userId} />);
    const tx = await screen.findByTestId('admin-user-transactions');
    expect(tx).toHaveTextContent('-₦1,020.00');
    expect(within(tx).getByRole('link', { name: 'Stake held in escrow' })).toHaveAttribute('href', '/matches/b1');
    // The type and the game read as words in the viewer's language, not as codes.
    expect(tx).toHaveTextContent('Stake locked');
    expect(tx).not.toHaveTextContent('bet_escrow');
    const betsTable = screen.getByTestId('admin-user-bets-table');
    expect(within(betsTable).getByRole('link', { name: 'bayo' })).toHaveAttribute('href', `/admin/users/${opponentId}`);
    expect(within(betsTable).getByRole('link', { name: 'Review dispute' })).toHaveAttribute('href', '/admin/disputes/b1');
    expect(within(betsTable).getByRole('link', { name: 'Open bet' })).toHaveAttribute('href', '/matches/b2');
    expect(within(betsTable).getByText('No opponent yet')).toBeInTheDocument();
    expect(within(betsTable).getByText('FC 25')).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('admin-user-transactions-pages')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(fake.calls.some((c) => c.url.includes('/transactions?page=2'))).toBe(true));
  });

  it('suspends only with a reason, and posts the reason', async () => {
    const fake = routes(detail({ suspension: null, freeze: null }), { [`POST /api/admin/users/${userId}/suspend`]: () => ({ body: detail({ suspension: { reason: 'Multiple accounts', since: '2026-11-27T01:00:00.000Z' }, freeze: null }) }) });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(<UserRecord userId={userId} />);
    await userEvent.click(await screen.findByTestId('admin-user-suspend'));
    await userEvent.click(screen.getByTestId('admin-restrict-confirm'));
    expect(await screen.findByText('A reason is required')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByTestId('admin-restrict-reason'), '  Multiple accounts ');
    await userEvent.click(screen.getByTestId('admin-restrict-confirm'));
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Multiple accounts' }));
    expect(await screen.findByText('Account suspended')).toBeInTheDocument();
  });

  it('shows a freeze with its reason and the act in the history, and offers Unfreeze; an admin account offers nothing', async () => {
    vi.stubGlobal('fetch', routes(detail({ suspension: null, freeze: { reason: 'Chargeback under review', since: '2026-11-27T01:00:00.000Z' } })).fetchFn);
    const { unmount } = renderWithApp(<UserRecord userId={userId} />);
    const access = await screen.findByTestId('admin-user-access');
    expect(access).toHaveTextContent('Chargeback under review');
    expect(within(access).getByTestId('admin-user-unfreeze')).toHaveTextContent('Unfreeze');
    expect(screen.getByTestId('admin-user-actions')).toHaveTextContent('Frozen: Chargeback under review');
    expect(screen.getByTestId('admin-user-record-status')).toHaveTextContent('Frozen');
    unmount();
    vi.stubGlobal('fetch', routes(detail({ suspension: null, freeze: null }, true)).fetchFn);
    renderWithApp(<UserRecord userId={userId} />);
    expect(await screen.findByText('An admin account cannot be suspended or frozen.')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-user-suspend')).toBeNull();
  });
});

describe('UserRecord, transactions in the admin\'s language', () => {
  const row = (id: string, type: string, status: string, amount: string, description: string, descriptionCode: string, descriptionParams: Record<string, string> = {}) =>
    ({ id, type, status, amount, currency: 'NGN', betId: null, poolId: null, reference: null, description, descriptionCode, descriptionParams, createdAt: '2026-11-21T10:00:00.000Z' });
  const coded = {
    transactions: [
      row('t1', 'withdrawal', 'processing', '-1500.00', 'Bank withdrawal to Access Bank ******6789', 'bank_withdrawal', { bankName: 'Access Bank', accountNumberMasked: '******6789' }),
      row('t2', 'refund', 'completed', '1020.00', 'Stake and fee returned (BetExpired)', 'stake_returned', { reason: 'BetExpired' }),
      row('t3', 'appeal_debit', 'completed', '-98.00', 'Appeal correction taken back (20.00 owed)', 'appeal_taken_back_owed', { owed: '20.00' }),
      row('t4', 'deposit', 'completed', '500.00', 'Card deposit (Paystack)', 'card_deposit'),
    ],
    pagination: { page: 1, limit: 10, total: 4, pages: 1 },
  };

  it.each([
    ['es', ['Retiro bancario a Access Bank ******6789', 'Procesando'], ['Devolución de la apuesta y la comisión (desafío caducado)', 'Completado'], 'Corrección por apelación retirada (se deben 20,00', 'Depósito con tarjeta (Paystack)'],
    ['fr', ['Retrait bancaire vers Access Bank ******6789', 'En cours'], ['Mise et frais remboursés (défi expiré)', 'Terminé'], 'Correction après appel reprise (20,00', 'Dépôt par carte (Paystack)'],
  ] as const)('in %s says each row and its status by code', async (language, withdrawal, refund, appeal, deposit) => {
    const { i18n } = await import('../../../lib/i18n');
    vi.stubGlobal('fetch', routes(detail({ suspension: null, freeze: null }), { [`GET /api/admin/users/${userId}/transactions`]: () => ({ body: coded }) }).fetchFn);
    await i18n.changeLanguage(language);
    try {
      renderWithApp(<UserRecord userId={userId} />);
      const rows = within(await screen.findByTestId('admin-user-transactions')).getAllByRole('row').slice(1);
      expect(rows[0]).toHaveTextContent(withdrawal[0]);
      expect(rows[0]).toHaveTextContent(withdrawal[1]);
      expect(rows[1]).toHaveTextContent(refund[0]);
      expect(rows[1]).toHaveTextContent(refund[1]);
      expect(rows[2]).toHaveTextContent(appeal);
      expect(rows[3]).toHaveTextContent(deposit);
      for (const english of ['Bank withdrawal', 'Stake and fee returned', 'processing', 'completed', 'taken back', 'Card deposit']) expect(screen.getByTestId('admin-user-transactions')).not.toHaveTextContent(english);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('FrozenAccountNotice', () => {
  it('tells a frozen player up front, in their language, with the reason; says nothing otherwise', async () => {
    const { FrozenAccountNotice } = await import('../../auth/components/frozen-account-notice');
    const { i18n } = await import('../../../lib/i18n');
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: { ...admin, isAdmin: false, freezeReason: 'Chargeback under review' } }) }).fetchFn);
    await i18n.changeLanguage('fr');
    try {
      const { unmount } = renderWithApp(<FrozenAccountNotice />);
      expect(await screen.findByTestId('frozen-account-notice')).toHaveTextContent('Votre compte est gelé');
      expect(screen.getByTestId('frozen-account-notice')).toHaveTextContent('Motif : Chargeback under review');
      unmount();
    } finally {
      await i18n.changeLanguage('en');
    }
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: { ...admin, isAdmin: false, freezeReason: null } }) }).fetchFn);
    const fake = renderWithApp(<><FrozenAccountNotice /><span data-testid="rendered" /></>);
    await screen.findByTestId('rendered');
    await waitFor(() => expect(fake.queryClient.getQueryData(['/api/user'])).toBeTruthy());
    expect(screen.queryByTestId('frozen-account-notice')).toBeNull();
  });
});

describe('UserLink', () => {
  it('names every user of a list with one request and links each to their record', async () => {
    const { UserLink } = await import('./user-link');
    const ids = [userId, opponentId];
    const fake = fakeFetch({ 'GET /api/user': () => ({ body: admin }), 'GET /api/admin/users/names': () => ({ body: { users: [{ id: userId, username: 'ada' }, { id: opponentId, username: 'bayo' }] } }) });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(
      <>
        <UserLink userId={userId} ids={ids} />
        <UserLink userId={opponentId} ids={ids} />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'ada' })).toHaveAttribute('href', `/admin/users/${userId}`);
    expect(screen.getByRole('link', { name: 'bayo' })).toHaveAttribute('href', `/admin/users/${opponentId}`);
    expect(fake.calls.filter((c) => c.url.startsWith('/api/admin/users/names'))).toHaveLength(1);
  });
});
