// Proves the route rules of spec section 2: the 404 text, the protected route's spinner and redirect to /auth, signed-in visitors leaving /auth, and the lazily loaded FPL pools page.
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeFetch } from '../testing/render';
import { AUTH_TOKEN_KEY } from '../lib/api-client';
import { AppProvider } from './provider';
import { routes } from './router';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })} liveUpdates={false}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('router', () => {
  it('shows the spec 404 page for an unknown path', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ status: 401, body: { error: 'Unauthorized' } }) }).fetchFn);
    renderAt(`/no-such-page-${crypto.randomUUID()}`);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows a spinner while the user loads, then sends a visitor to /auth', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const router = renderAt('/dashboard');
    expect(await screen.findByTestId('protected-spinner')).toBeInTheDocument();
    answer(new Response(JSON.stringify({ error: 'Unauthorized' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a signed-in user away from /auth, routes /chat/:betId to the chat screen, and loads the FPL pools page on demand', async () => {
    const user = { id: crypto.randomUUID(), username: 'ann', email: 'a@example.com', balance: '0.00', cryptoBalance: '0.00', isEmailVerified: true };
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: user }) }).fetchFn);
    const router = renderAt('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await router.navigate('/chat/abc');
    // Chat is its own lazy chunk now: the first visit waits for it to load.
    expect(await screen.findByRole('heading', { name: 'Bet Not Found' })).toBeInTheDocument();
    await router.navigate('/fpl-pools');
    expect(await screen.findByTestId('pools-page')).toHaveTextContent('FPL Pools');
  });
});
