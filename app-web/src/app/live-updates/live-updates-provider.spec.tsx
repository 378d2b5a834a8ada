// Proves the live updates end to end inside the app's providers: the socket opens with the stored token, a `changed` message for the user's wallet refetches the balance on screen without a reload, a reconnect refetches every session read, and signing out closes the socket.
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionIndicator } from '../../components/layout/connection-indicator';
import { useUser } from '../../features/auth/api/user-queries';
import { betQueries } from '../../features/bets/api/bet-queries';
import { AUTH_TOKEN_KEY, session, setAuthToken } from '../../lib/api-client';
import { fakeSockets } from '../../testing/fake-socket';
import { fakeFetch, renderWithApp } from '../../testing/render';
import { Toaster } from '../../components/ui/toast';
import { WS_CLOSE_ACCOUNT_SUSPENDED, WS_CLOSE_SESSION_ENDED } from '@wager/domain/contracts/ws';

afterEach(() => vi.unstubAllGlobals());

function Screen() {
  const { data: user } = useUser();
  const bets = useQuery(betQueries.list());
  return (
    <div>
      <ConnectionIndicator />
      <span data-testid="balance">{user?.balance ?? '—'}</span>
      <span data-testid="bets">{bets.data?.length ?? '—'}</span>
    </div>
  );
}

describe('LiveUpdatesProvider', () => {
  it('given a signed-in user, a wallet change refetches the balance live, a reconnect refetches everything, and sign-out closes the socket', async () => {
    const userId = crypto.randomUUID();
    const token = `token-${crypto.randomUUID()}`;
    window.localStorage.setItem(AUTH_TOKEN_KEY, token);
    let balance = '100.00';
    const { fetchFn, calls } = fakeFetch({
      'GET /api/user': () => ({ body: { id: userId, username: 'ann', email: 'ann@example.com', balance } }),
      'GET /api/bets': () => ({ body: [] }),
    });
    vi.stubGlobal('fetch', fetchFn);
    const factory = fakeSockets();
    const reload = vi.fn();
    session.reload = reload;

    renderWithApp(<Screen />, { liveUpdates: { createSocket: factory.createSocket, url: 'ws://test/ws', random: () => 0, events: null, isOnline: () => true, batchMs: 0 } });
    expect(await screen.findByText('100.00')).toBeInTheDocument();
    expect(screen.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'connecting');

    // When the socket opens it authenticates first; the server says ready
    act(() => factory.latest().open());
    expect(factory.latest().sent).toEqual([{ type: 'auth', token }]);
    act(() => factory.latest().receive({ type: 'ready', userId }));
    expect(screen.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'connected');
    expect(screen.getByRole('img', { name: 'Live updates: connected' })).toBeInTheDocument();

    // Then a deposit to the user's wallet shows on screen without a reload
    balance = '5100.00';
    const userFetches = () => calls.filter((c) => c.url === '/api/user').length;
    const betFetches = () => calls.filter((c) => c.url.startsWith('/api/bets')).length;
    const before = { user: userFetches(), bets: betFetches() };
    act(() => factory.latest().receive({ type: 'changed', streamType: 'wallet', streamId: `wallet-${userId}`, id: userId, eventType: 'FundsDeposited', recordedAt: new Date().toISOString() }));
    expect(await screen.findByText('5100.00')).toBeInTheDocument();
    expect(userFetches()).toBe(before.user + 1);
    expect(betFetches()).toBe(before.bets);

    // When the connection drops and comes back, every session read is refetched
    act(() => factory.latest().drop());
    expect(screen.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'reconnecting');
    await waitFor(() => expect(factory.sockets).toHaveLength(2));
    act(() => factory.latest().open());
    expect(factory.latest().sent).toEqual([{ type: 'auth', token }]);
    act(() => factory.latest().receive({ type: 'ready', userId }));
    await waitFor(() => expect(betFetches()).toBe(before.bets + 1));
    expect(userFetches()).toBe(before.user + 2);

    // When the user signs out, the socket closes and the dot goes away
    act(() => setAuthToken(null));
    expect(factory.latest().closedWith?.code).toBe(1000);
    expect(screen.queryByTestId('connection-indicator')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it.each([
    [WS_CLOSE_ACCOUNT_SUSPENDED, 'Your account is suspended'],
    [WS_CLOSE_SESSION_ENDED, 'You have been signed out'],
  ] as const)('given a signed-in user, when the server closes the socket with %i, then the app signs out without a reload, says why, and opens no new socket', async (code, title) => {
    const userId = crypto.randomUUID();
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const { fetchFn } = fakeFetch({
      'GET /api/user': () => ({ body: { id: userId, username: 'ann', email: 'ann@example.com', balance: '100.00' } }),
      'GET /api/bets': () => ({ body: [] }),
    });
    vi.stubGlobal('fetch', fetchFn);
    const factory = fakeSockets();
    const reload = vi.fn();
    session.reload = reload;
    renderWithApp(
      <>
        <Screen />
        <Toaster />
      </>,
      { liveUpdates: { createSocket: factory.createSocket, url: 'ws://test/ws', random: () => 0, events: null, isOnline: () => true, batchMs: 0 } },
    );
    expect(await screen.findByText('100.00')).toBeInTheDocument();
    act(() => factory.latest().open());
    act(() => factory.latest().receive({ type: 'ready', userId }));

    act(() => factory.latest().drop(code));

    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('toast').map((t) => t.querySelector('.toast-title')?.textContent)).toContain(title));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('—'));
    expect(screen.queryByTestId('connection-indicator')).toBeNull();
    expect(factory.sockets).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
  });
});
