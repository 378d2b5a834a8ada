// Proves the admin's appeals queue names each user by username linked to their admin record: both players in every row, and in the review the original winner, the admin who resolved it and the appellant.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { AppealsTab } from './appeals-tab';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const admin = { id: '99999999-9999-4999-8999-999999999999', username: 'boss', email: 'boss@example.com', balance: '0.00', cryptoBalance: '0.00', isAdmin: true, isEmailVerified: true };
const resolver = '88888888-8888-4888-8888-888888888888';
const ada = '11111111-1111-4111-8111-111111111111';
const bayo = '22222222-2222-4222-8222-222222222222';
const betId = '33333333-3333-4333-8333-333333333333';
const appeal = { status: 'open', appellantId: bayo, reason: 'The tracker missed my second goal', filedAt: '2026-11-21T10:00:00.000Z', resolvedBy: resolver };
const bet = {
  id: betId, gameType: 'fc25', amount: '1000.00', currency: 'NGN', status: 'completed', challengerId: ada, opponentId: bayo, challenger: { username: 'ada_lagos' }, opponent: { username: 'bayo' },
  actualWinner: ada, adminNotes: 'Tracker agrees', resultEvidence: [], createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T11:00:00.000Z', appeal,
};
const trail = { bet, entries: [], chains: [], intact: true, people: { [ada]: 'ada_lagos', [bayo]: 'bayo', [resolver]: 'judge_ola' }, generatedAt: '2026-11-21T12:00:00.000Z' };

describe('the appeals queue', () => {
  it('links both players of each row, and the review links the original winner, the resolving admin and the appellant', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: admin }), 'GET /api/admin/appeals': () => ({ body: [bet] }), [`GET /api/admin/bets/${betId}/trail`]: () => ({ body: trail }) }).fetchFn);
    renderWithApp(<AppealsTab />);
    const row = await screen.findByTestId(`admin-appeal-${betId}`);
    expect(within(row).getByRole('link', { name: 'ada_lagos' })).toHaveAttribute('href', `/admin/users/${ada}`);
    expect(within(row).getByRole('link', { name: 'bayo' })).toHaveAttribute('href', `/admin/users/${bayo}`);

    await userEvent.click(within(row).getByTestId(`admin-appeal-review-${betId}`));
    const original = await screen.findByTestId('admin-appeal-original');
    expect(original).toHaveTextContent('ada_lagos won');
    expect(within(original).getByRole('link', { name: 'ada_lagos' })).toHaveAttribute('href', `/admin/users/${ada}`);
    expect(original).toHaveTextContent('Resolved by judge_ola');
    expect(within(original).getByRole('link', { name: 'judge_ola' })).toHaveAttribute('href', `/admin/users/${resolver}`);
    const reason = screen.getByTestId('admin-appeal-reason');
    expect(within(reason).getByRole('heading')).toHaveTextContent('Reason given by bayo');
    expect(within(reason).getByRole('link', { name: 'bayo' })).toHaveAttribute('href', `/admin/users/${bayo}`);
  });
});
