// Proves a signup the API answers 202 ("processing"): the session is kept through the 401s of an account the read model does not show yet, /verify-email says the account is being set up, and the live-updates socket, once the server accepts it, brings the account in.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailRoute } from '../../../app/routes/verify-email';
import { AUTH_TOKEN_KEY, session } from '../../../lib/api-client';
import { fakeSockets } from '../../../testing/fake-socket';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { useAuthActions } from './use-auth-actions';
import { pendingAccount } from './user-queries';

afterEach(() => {
  vi.unstubAllGlobals();
  pendingAccount.userId = null;
});

function SignUpButton() {
  const { register } = useAuthActions();
  return (
    <button type="button" onClick={() => register({ username: 'newbie' })}>
      Sign up
    </button>
  );
}

describe('signup answered 202', () => {
  it('keeps the session, shows "setting up your account", and the live socket brings the account when it exists', async () => {
    const userId = crypto.randomUUID();
    const token = `token-${crypto.randomUUID()}`;
    let accountVisible = false;
    const { fetchFn, calls } = fakeFetch({
      'POST /api/auth/signup': () => ({ status: 202, body: { status: 'processing', message: 'Your request was recorded and is being processed. It will appear in a moment.', token, userId, requiresVerification: true } }),
      'GET /api/user': () =>
        accountVisible
          ? { body: { id: userId, username: 'newbie', email: 'newbie@example.com', balance: '0.00', isEmailVerified: false } }
          : { status: 401, body: { error: 'Authentication required' } },
    });
    vi.stubGlobal('fetch', fetchFn);
    const userCalls = () => calls.filter((c) => c.url === '/api/user').length;
    const reload = vi.fn();
    session.reload = reload;
    const factory = fakeSockets();

    renderWithApp(<SignUpButton />, {
      path: '/auth',
      routes: [{ path: '/verify-email', element: <VerifyEmailRoute /> }],
      liveUpdates: { createSocket: factory.createSocket, url: 'ws://test/ws', random: () => 0, events: null, isOnline: () => true, batchMs: 0 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    // Then the toast says "processing" (information), and the token is kept through the 401s
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-type', 'info');
    expect(toast).toHaveTextContent('Your account was created and is being set up. This takes a moment.');
    expect(await screen.findByTestId('account-processing')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user' && c.headers.Authorization === `Bearer ${token}`)).toBe(true);
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe(token);

    // When the socket's first try is refused (the account is not there yet) and the next is accepted
    await waitFor(() => expect(factory.sockets).toHaveLength(1));
    act(() => factory.latest().open());
    expect(factory.latest().sent).toEqual([{ type: 'auth', token }]);
    act(() => factory.latest().drop(4401));
    accountVisible = true;
    await waitFor(() => expect(factory.sockets).toHaveLength(2));
    act(() => factory.latest().open());
    const asked = userCalls();
    act(() => factory.latest().receive({ type: 'ready', userId }));

    // Then the socket's acceptance asks for the account at once (in the same turn: no fallback
    // probe, PENDING_ACCOUNT_PROBE_MS, can have fired in between), and the verification form
    // shows it, without a reload
    expect(userCalls()).toBe(asked + 1);
    expect(await screen.findByText(/newbie@example\.com/)).toBeInTheDocument();
    expect(screen.queryByTestId('account-processing')).toBeNull();
    expect(pendingAccount.userId).toBeNull();
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe(token);
    expect(reload).not.toHaveBeenCalled();
  });
});
