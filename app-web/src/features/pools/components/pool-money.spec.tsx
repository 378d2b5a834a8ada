// Proves the pool's Money panel in the View dialog against a fake API: a participant sees the postings that moved the pool's money (entries in, payout, fees) in the pool's words and the escrow balance, read from GET /api/fpl/pools/:poolId/ledger; "Verify" recomputes the pool stream's hash chain in the browser and names the first altered event; a viewer the API would refuse (not a participant, not the creator, not an admin) gets no panel and no ledger request. The stats say when joining closes only while the pool is open.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { canonicalJson } from '@wager/domain/event-store/canonical-json';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { Pool, PoolLedger } from '../api/pool-queries';
import { PoolDetailsDialog } from './pool-dialogs';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const POOL_ID = '11111111-2222-4333-8444-555555555555';
const ESCROW = `pool:${POOL_ID}:escrow:NGN`;

function pool(patch: Partial<Pool>): Pool {
  return {
    id: POOL_ID, name: 'Office league', description: null, entryFee: '10.00', feeAmount: '0.20', totalCost: '10.20', currency: 'NGN', potAmount: '20.00',
    participantCount: 2, maxParticipants: 10, durationWeeks: 2, startGameweek: 1, endGameweek: 2, status: 'completed', inviteCode: null, isPrivate: false, isCreator: false,
    hasJoined: true, firstDeadlineAt: '2026-12-01T18:30:00.000Z', tieRule: 'split_equally_remainder_to_lower_fpl_id', standingsThrough: 2, winningPoints: 110, cancelReason: null,
    createdAt: '2026-11-20T10:00:00.000Z', ...patch,
  };
}

/** A chain built as the event store builds it, with node:crypto. */
function chainOf(events: { type: string; data: unknown }[]) {
  let previous = '';
  return events.map((e, i) => {
    const hash = createHash('sha256').update(previous + e.type + canonicalJson(e.data), 'utf8').digest('hex');
    previous = hash;
    return { id: `e${i}`, revision: i, type: e.type, data: e.data, hash, recordedAt: '2026-11-24T10:00:00.000Z', redacted: false };
  });
}

function ledger(tamper: boolean): PoolLedger {
  const events = chainOf([
    { type: 'PoolCreated', data: { poolId: POOL_ID, name: 'Office league', entryFee: '10.00' } },
    { type: 'PoolJoined', data: { poolId: POOL_ID, userId: 'u1', fplTeamId: 401, paid: '10.20' } },
    { type: 'PoolJoined', data: { poolId: POOL_ID, userId: 'u2', fplTeamId: 402, paid: '10.20' } },
    { type: 'PoolSettled', data: { poolId: POOL_ID, payouts: [{ userId: 'u1', amount: '20.00' }], postings: [{ account: ESCROW, currency: 'NGN', amount: '-0.40' }, { account: 'platform:fees:NGN', currency: 'NGN', amount: '0.40' }] } },
  ]);
  if (tamper) events[2] = { ...events[2]!, data: { poolId: POOL_ID, userId: 'u2', fplTeamId: 999, paid: '10.20' } };
  const move = (eventId: string, eventType: string, streamId: string, postings: [string, string][]) => ({
    eventId, eventType, streamId, streamRevision: 1, recordedAt: '2026-11-24T10:00:00.000Z', hash: 'c'.repeat(64), postings: postings.map(([account, amount]) => ({ account, currency: 'NGN', amount })),
  });
  return {
    poolId: POOL_ID,
    currency: 'NGN',
    escrowAccount: ESCROW,
    names: {},
    escrowBalance: '0.00',
    movements: [
      move('m1', 'StakeLocked', 'wallet-u1', [['user:u1:available:NGN', '-10.20'], [ESCROW, '10.20']]),
      move('m2', 'StakeLocked', 'wallet-u2', [['user:u2:available:NGN', '-10.20'], [ESCROW, '10.20']]),
      move('m3', 'PayoutCredited', 'wallet-u1', [[ESCROW, '-20.00'], ['user:u1:available:NGN', '20.00']]),
      move('m4', 'PoolSettled', `pool-${POOL_ID}`, [[ESCROW, '-0.40'], ['platform:fees:NGN', '0.40']]),
    ],
    chain: { streamId: `pool-${POOL_ID}`, headHash: events.at(-1)!.hash, events },
  };
}

function show(patch: Partial<Pool>, { tamper = false, isAdmin = false } = {}) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
  const api = fakeFetch({
    'GET /api/user': () => ({ body: { id: 'u1', username: 'ann', email: 'ann@example.com', balance: '5000.00', isAdmin } }),
    [`GET /api/fpl/pools/${POOL_ID}`]: () => ({ body: { pool: pool(patch), participants: [] } }),
    [`GET /api/fpl/pools/${POOL_ID}/ledger`]: () => ({ body: ledger(tamper) }),
  });
  vi.stubGlobal('fetch', api.fetchFn);
  renderWithApp(<PoolDetailsDialog poolId={POOL_ID} onClose={() => {}} />);
  return api;
}

describe('the pool Money panel', () => {
  it('shows a participant the pool\'s postings in the pool\'s words and verifies an intact chain', async () => {
    show({ hasJoined: true });
    const panel = await within(await screen.findByTestId('pool-money')).findByTestId('money-panel');
    expect(within(panel).getByTestId('escrow-balance')).toHaveTextContent('₦0.00');
    expect(within(panel).getAllByText('Entry and fee into escrow')).toHaveLength(2);
    expect(within(panel).getByText('Payout')).toBeInTheDocument();
    expect(within(panel).getByText('Fees')).toBeInTheDocument();
    await userEvent.click(within(panel).getByTestId('verify-chain'));
    expect(await within(panel).findByTestId('verify-result')).toHaveTextContent('Verified: the hash chain of 4 events recomputes in your browser.');
  });

  it('names the first altered pool event when the chain does not recompute', async () => {
    show({ isCreator: true, hasJoined: false }, { tamper: true });
    const panel = await within(await screen.findByTestId('pool-money')).findByTestId('money-panel');
    await userEvent.click(within(panel).getByTestId('verify-chain'));
    expect(await within(panel).findByTestId('verify-result')).toHaveTextContent('Verification failed at event 3');
  });

  it('says when joining closes only while the pool is open (issue #29)', async () => {
    show({ status: 'open' });
    expect(await screen.findByTestId('pool-stats')).toHaveTextContent('Joining closes');
    cleanup();
    show({ status: 'ongoing' });
    expect(await screen.findByTestId('pool-stats')).not.toHaveTextContent('Joining closes');
  });

  it('shows it to an admin who is not in the pool', async () => {
    show({ hasJoined: false }, { isAdmin: true });
    expect(await within(await screen.findByTestId('pool-money')).findByTestId('money-panel')).toBeInTheDocument();
  });

  it('asks nothing and shows no panel to a viewer the API would refuse', async () => {
    const api = show({ hasJoined: false, isCreator: false });
    await screen.findByTestId('pool-stats');
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/user')).toBe(true));
    expect(screen.queryByTestId('pool-money')).toBeNull();
    expect(api.calls.some((c) => c.url.endsWith('/ledger'))).toBe(false);
  });
});
