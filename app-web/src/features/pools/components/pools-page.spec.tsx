// Proves the FPL pools page: visitors are asked to log in; My Pools show status colours; Create Pool shows the spec's defaults, refuses a bad form with the spec messages before any request, and sends the parsed body; Join shows the cost (entry + fee), asks for the FPL Team ID and toasts the server's refusal under 'Failed to Join Pool'; an invite link opens Join for its pool; View copies the invite link with 'Link Copied!'.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { Pool } from '../api/pool-queries';
import { PoolsPage } from './pools-page';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function pool(patch: Partial<Pool> = {}): Pool {
  return {
    id: crypto.randomUUID(), name: 'Office league', description: null, entryFee: '100.00', feeAmount: '2.00', totalCost: '102.00', currency: 'NGN', potAmount: '300.00',
    participantCount: 3, maxParticipants: 10, durationWeeks: 2, startGameweek: 5, endGameweek: 6, status: 'open', inviteCode: 'ABCD2345', isPrivate: true, isCreator: true,
    hasJoined: true, firstDeadlineAt: '2026-12-01T18:30:00.000Z', tieRule: 'split_equally_remainder_to_lower_fpl_id', standingsThrough: null, winningPoints: null, cancelReason: null,
    createdAt: '2026-11-20T10:00:00.000Z', ...patch,
  };
}

function signedIn(routes: Parameters<typeof fakeFetch>[0], user: Record<string, unknown> = {}) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
  const fake = fakeFetch({ 'GET /api/user': () => ({ body: { id: crypto.randomUUID(), username: 'ann', email: 'ann@example.com', balance: '5000.00', ...user } }), ...routes });
  vi.stubGlobal('fetch', fake.fetchFn);
  return fake;
}

describe('PoolsPage', () => {
  it('asks a visitor to log in', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ status: 401, body: { error: 'Unauthorized' } }) }).fetchFn);
    renderWithApp(<PoolsPage />, { path: '/fpl-pools' });
    expect(await screen.findByText('Please log in to view FPL pools')).toBeInTheDocument();
  });

  it('lists my pools with their status colours', async () => {
    signedIn({
      'GET /api/fpl/pools': () => ({ body: { pools: [pool({ status: 'open' }), pool({ status: 'ongoing' }), pool({ status: 'completed' }), pool({ status: 'cancelled' })] } }),
      'GET /api/fpl/pools/public': () => ({ body: { pools: [] } }),
    });
    renderWithApp(<PoolsPage />, { path: '/fpl-pools' });
    await waitFor(() => expect(screen.getAllByTestId('pool-card')).toHaveLength(4));
    expect(screen.getAllByTestId('pool-status').map((b) => [b.textContent, b.className])).toEqual([
      ['Open', 'badge pool-status pool-status-open'],
      ['Ongoing', 'badge pool-status pool-status-ongoing'],
      ['Completed', 'badge pool-status pool-status-completed'],
      ['Cancelled', 'badge pool-status pool-status-cancelled'],
    ]);
  });

  it('creates a pool: spec defaults, spec messages before any request, then the parsed body and "Pool Created!"', async () => {
    const created = pool({ name: 'Friday five', participantCount: 0, potAmount: '0.00' });
    const { calls } = signedIn({
      'GET /api/fpl/pools': () => ({ body: { pools: [] } }),
      'GET /api/fpl/pools/public': () => ({ body: { pools: [] } }),
      'POST /api/fpl/pools': () => ({ status: 201, body: { pool: created, participants: [] } }),
      [`GET /api/fpl/pools/${created.id}`]: () => ({ body: { pool: created, participants: [] } }),
    });
    renderWithApp(<PoolsPage />, { path: '/fpl-pools' });
    await userEvent.click(await screen.findByTestId('pool-create-open'));
    const dialog = await screen.findByTestId('pool-create');
    expect(within(dialog).getByTestId('pool-create-entryFee')).toHaveValue('5');
    expect(within(dialog).getByTestId('pool-create-maxParticipants')).toHaveValue('10');
    expect(within(dialog).getByTestId('pool-create-durationWeeks')).toHaveValue('2');
    expect(within(dialog).getByTestId('pool-create-startGameweek')).toHaveValue('1');
    await userEvent.clear(within(dialog).getByTestId('pool-create-maxParticipants'));
    await userEvent.type(within(dialog).getByTestId('pool-create-maxParticipants'), '51');
    await userEvent.click(within(dialog).getByTestId('pool-create-submit'));
    expect(await within(dialog).findByText('Pool name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Max participants must be a whole number between 2 and 50')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByTestId('pool-create-name'), 'Friday five');
    await userEvent.clear(within(dialog).getByTestId('pool-create-maxParticipants'));
    await userEvent.type(within(dialog).getByTestId('pool-create-maxParticipants'), '8');
    await userEvent.click(within(dialog).getByTestId('pool-create-submit'));
    expect(await screen.findByText('Pool Created!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Friday five', entryFee: '5.00', maxParticipants: 8, durationWeeks: 2, startGameweek: 1, isPrivate: false });
    expect(await screen.findByTestId('pool-details')).toBeInTheDocument();
  });

  it('joins from the public tab showing the cost, and shows a refusal under "Failed to Join Pool"', async () => {
    const open = pool({ isCreator: false, hasJoined: false, inviteCode: null, isPrivate: false });
    signedIn({
      'GET /api/fpl/pools': () => ({ body: { pools: [] } }),
      'GET /api/fpl/pools/public': () => ({ body: { pools: [open] } }),
      [`POST /api/fpl/pools/${open.id}/join`]: () => ({ status: 409, body: { error: 'This pool is full', code: 'conflict' } }),
    });
    renderWithApp(<PoolsPage />, { path: '/fpl-pools' });
    await userEvent.click(await screen.findByTestId('pools-tab-public'));
    await userEvent.click(await screen.findByTestId('pool-join-open'));
    const dialog = await screen.findByTestId('pool-join');
    expect(within(dialog).getByTestId('pool-join-cost')).toHaveTextContent('Cost: ₦100.00 entry + ₦2.00 fee = ₦102.00');
    await userEvent.click(within(dialog).getByTestId('pool-join-submit'));
    expect(await within(dialog).findByText('FPL Team ID is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByTestId('pool-join-team-id'), '1234567');
    await userEvent.click(within(dialog).getByTestId('pool-join-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Failed to Join Pool');
    expect(toast).toHaveTextContent('This pool is full');
  });

  it('copies the invite link from View: "Link Copied!"', async () => {
    const mine = pool();
    signedIn({
      'GET /api/fpl/pools': () => ({ body: { pools: [mine] } }),
      'GET /api/fpl/pools/public': () => ({ body: { pools: [] } }),
      [`GET /api/fpl/pools/${mine.id}`]: () => ({ body: { pool: mine, participants: [{ id: 'p1', username: 'ann', fplTeamId: 7, fplTeamName: 'Seven', totalPoints: 120, gameweekPoints: [], payout: null, isMe: true }] } }),
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<PoolsPage />, { path: '/fpl-pools' });
    await userEvent.click(await screen.findByTestId('pool-view'));
    const dialog = await screen.findByTestId('pool-details');
    expect(await within(dialog).findByTestId('pool-leaderboard')).toHaveTextContent('Seven');
    expect(within(dialog).getByTestId('pool-invite-code')).toHaveTextContent('ABCD2345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link Copied!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/fpl-pools?join=ABCD2345`);
  });

  it('shows each entrant\'s points per gameweek: the window so far while it runs, every gameweek once settled (issue #29)', async () => {
    const running = pool({ status: 'ongoing', startGameweek: 5, endGameweek: 7, durationWeeks: 3, standingsThrough: 6 });
    const participants = [
      { id: 'p1', username: 'ann', fplTeamId: 7, fplTeamName: 'Seven', totalPoints: 120, gameweekPoints: [{ gameweek: 5, points: 70 }, { gameweek: 6, points: 50 }], payout: null, isMe: true },
      // Standings recorded before the breakdown was kept: no per-gameweek points, a dash in each column.
      { id: 'p2', username: 'bo', fplTeamId: 9, fplTeamName: 'Nine', totalPoints: 80, gameweekPoints: [], payout: null, isMe: false },
    ];
    let detail = { pool: running, participants };
    signedIn({
      'GET /api/fpl/pools': () => ({ body: { pools: [running] } }),
      'GET /api/fpl/pools/public': () => ({ body: { pools: [] } }),
      [`GET /api/fpl/pools/${running.id}`]: () => ({ body: detail }),
    });
    renderWithApp(<PoolsPage />, { path: '/fpl-pools' });
    await userEvent.click(await screen.findByTestId('pool-view'));
    const table = await within(await screen.findByTestId('pool-details')).findByTestId('pool-gameweeks');
    const cells = () => within(table).getAllByTestId('pool-gameweeks-row').map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((c) => c.textContent)]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Team', 'GW5', 'GW6', 'Points']);
    expect(cells()).toEqual([['Seven', '70', '50', '120'], ['Nine', '—', '—', '80']]);
    expect(screen.getByRole('region', { name: 'Points per gameweek' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leaderboard' })).toBeInTheDocument();
    cleanup();
    detail = { pool: { ...running, status: 'completed' }, participants: [{ ...participants[0]!, gameweekPoints: [...participants[0]!.gameweekPoints, { gameweek: 7, points: 3 }], totalPoints: 123 }] };
    renderWithApp(<PoolsPage />, { path: '/fpl-pools' });
    await userEvent.click(await screen.findByTestId('pool-view'));
    const settled = await within(await screen.findByTestId('pool-details')).findByTestId('pool-gameweeks');
    expect(within(settled).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Team', 'GW5', 'GW6', 'GW7', 'Points']);
  });

  it('says no gameweek has been played before the first standings', async () => {
    const fresh = pool({ status: 'open' });
    signedIn({
      'GET /api/fpl/pools': () => ({ body: { pools: [fresh] } }),
      'GET /api/fpl/pools/public': () => ({ body: { pools: [] } }),
      [`GET /api/fpl/pools/${fresh.id}`]: () => ({ body: { pool: fresh, participants: [{ id: 'p1', username: 'ann', fplTeamId: 7, fplTeamName: 'Seven', totalPoints: 0, gameweekPoints: [], payout: null, isMe: true }] } }),
    });
    renderWithApp(<PoolsPage />, { path: '/fpl-pools' });
    await userEvent.click(await screen.findByTestId('pool-view'));
    expect(await within(await screen.findByTestId('pool-details')).findByTestId('pool-gameweeks-empty')).toHaveTextContent('No gameweek of this pool has been played yet.');
  });

  it('joins through an invite link: ?join=<code> opens Join for that pool, the entry goes to join-by-code, "Joined Pool!", then the pool', async () => {
    let joined = false;
    const invited = () => pool({ isCreator: false, hasJoined: joined, inviteCode: joined ? 'ABCD2345' : null, name: 'Invited' });
    const target = invited();
    const { calls } = signedIn({
      'GET /api/fpl/pools': () => ({ body: { pools: [] } }),
      'GET /api/fpl/pools/public': () => ({ body: { pools: [] } }),
      'GET /api/fpl/pools/join-by-code/ABCD2345': () => ({ body: { pool: { ...invited(), id: target.id }, participants: [] } }),
      'POST /api/fpl/pools/join-by-code/ABCD2345': () => {
        joined = true;
        return { body: { pool: { ...invited(), id: target.id }, participants: [] } };
      },
      [`GET /api/fpl/pools/${target.id}`]: () => ({ body: { pool: { ...invited(), id: target.id }, participants: [] } }),
    });
    renderWithApp(<PoolsPage />, { path: '/fpl-pools?join=ABCD2345' });
    const dialog = await screen.findByTestId('pool-join');
    await userEvent.type(within(dialog).getByTestId('pool-join-team-id'), '42');
    await userEvent.click(within(dialog).getByTestId('pool-join-submit'));
    expect(await screen.findByText('Joined Pool!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ fplTeamId: '42' });
    expect(await screen.findByTestId('pool-details')).toBeInTheDocument();
  });

  it('on a frozen account Create and Join are closed up front with the reason, and an invite link\'s Join cannot be sent', async () => {
    const open = pool({ isCreator: false, hasJoined: false, name: 'Open league' });
    const { calls } = signedIn(
      {
        'GET /api/fpl/pools': () => ({ body: { pools: [] } }),
        'GET /api/fpl/pools/public': () => ({ body: { pools: [open] } }),
        'GET /api/fpl/pools/join-by-code/ABCD2345': () => ({ body: { pool: open, participants: [] } }),
      },
      { freezeReason: 'Chargeback under review' },
    );
    renderWithApp(<PoolsPage />, { path: '/fpl-pools?join=ABCD2345' });
    const dialog = await screen.findByTestId('pool-join');
    expect(within(dialog).getByTestId('frozen-money-notice')).toHaveTextContent('Reason: Chargeback under review');
    expect(within(dialog).getByTestId('pool-join-submit')).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('pool-join')).toBeNull());
    expect(screen.getByTestId('pool-create-open')).toBeDisabled();
    expect(screen.getByTestId('frozen-money-notice')).toHaveTextContent('Reason: Chargeback under review');
    await userEvent.click(screen.getByTestId('pools-tab-public'));
    expect(await screen.findByTestId('pool-join-open')).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
