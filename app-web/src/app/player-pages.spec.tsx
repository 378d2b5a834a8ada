// Proves the player-facing fixes of issue 15 in jsdom: one currency rule (wallet amounts in naira, conversions labelled), one "active" (accepted and in_progress), the time that matters per bet status, no /api/user request without a session, no refetch of a used invitation, the return to an invitation after verification, real footer links, the 404 way back, the support form reaching the API and the evidence drop zone.
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Footer } from '../components/layout/footer';
import { betTimeLine } from '../features/bets/components/bet-display';
import { EvidenceDropZone } from '../features/bets/components/evidence-drop-zone';
import { i18n } from '../lib/i18n';
import { AUTH_TOKEN_KEY } from '../lib/api-client';
import { convertedHint, formatMoney } from '../lib/money';
import { formatDateTime } from '../lib/date-time';
import { fakeFetch, renderWithApp } from '../testing/render';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { AppProvider } from './provider';
import { routes } from './router';
import { ChallengeInviteRoute } from './routes/challenge-invite';
import { DashboardRoute } from './routes/dashboard';
import { DepositRoute } from './routes/deposit';
import { SupportFormRoute } from './routes/support-form';
import { VerifyEmailRoute } from './routes/verify-email';
import { aBet } from '@wager/domain/testing/contract-fixtures';

afterEach(() => vi.unstubAllGlobals());

const signIn = () => window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
const userOf = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  username: 'ann',
  email: 'ann@example.com',
  balance: '4960.00',
  cryptoBalance: '3.10',
  preferredCurrency: 'USD',
  locationDetectedAt: new Date().toISOString(),
  currencySetByUser: true,
  isEmailVerified: true,
  ...overrides,
});
const betOf = (status: string, overrides: Partial<Bet> = {}): Bet =>
  aBet({
    id: crypto.randomUUID(),
    status,
    challengerId: 'someone-else',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    expiresAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  });

function renderRoutesAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })} liveUpdates={false}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('one currency rule', () => {
  it('shows wallet amounts in naira and a converted figure only as a labelled hint', () => {
    expect(formatMoney('4960')).toBe('₦4,960.00');
    expect(convertedHint('4960', 'USD')).toBe('≈ $3.10');
    expect(convertedHint('4960', 'NGN')).toBeNull();
  });

  it('dashboard: the balance is ₦ with the display-currency figure labelled under it', async () => {
    signIn();
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: userOf() }), 'GET /api/bets': () => ({ body: [] }), 'GET /api/transactions': () => ({ body: [] }) }).fetchFn);
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    const stat = await screen.findByTestId('stat-balance');
    await waitFor(() => expect(stat).toHaveTextContent('₦4,960.00'));
    expect(stat).toHaveTextContent('≈ $3.10 · display rate');
  });

  it('deposit: balance and every limit in naira (₦100 minimum, ₦10,000,000 maximum card payment)', async () => {
    signIn();
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: userOf({ dailyLimit: '50000.00' }) }) }).fetchFn);
    renderWithApp(<DepositRoute />, { path: '/deposit' });
    expect(await screen.findByTestId('deposit-balance')).toHaveTextContent('₦4,960.00');
    expect(screen.getByTestId('deposit-minimum')).toHaveTextContent('₦100.00');
    expect(screen.getByTestId('deposit-maximum')).toHaveTextContent('₦10,000,000.00');
    expect(document.body.textContent).not.toContain('$10.00');
  });
});

describe('one definition of active', () => {
  it('counts and lists accepted and in_progress bets as active, and pending challenges apart', async () => {
    signIn();
    const user = userOf();
    const bets = [betOf('pending', { challengerId: user.id }), betOf('accepted', { challengerId: user.id }), betOf('in_progress', { challengerId: user.id }), betOf('completed')];
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: user }), 'GET /api/bets': () => ({ body: bets }), 'GET /api/transactions': () => ({ body: [] }) }).fetchFn);
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    await waitFor(() => expect(screen.getAllByTestId('active-bet')).toHaveLength(2));
    expect(screen.getByTestId('stat-active')).toHaveTextContent('2');
    expect(within(screen.getByTestId('open-challenges')).getAllByTestId('open-challenge')).toHaveLength(1);
  });
});

describe('the time that matters per status', () => {
  const t = i18n.t.bind(i18n);
  it('expiry while pending, play deadline while accepted or live, settlement once completed', () => {
    expect(betTimeLine(betOf('pending'), t)).toMatch(/^Expires /);
    expect(betTimeLine(betOf('accepted'), t)).toMatch(/^Play by /);
    expect(betTimeLine(betOf('in_progress'), t)).toMatch(/^Play by /);
    const settled = betTimeLine(betOf('completed', { settledAt: '2026-11-23T20:41:10.000Z' }), t);
    expect(settled).toMatch(/^Settled /);
    expect(settled).toContain(formatDateTime('2026-11-23T20:41:10.000Z'));
    expect(betTimeLine(betOf('disputed'), t)).toMatch(/^Disputed since /);
    expect(betTimeLine(betOf('cancelled'), t)).toMatch(/^Closed /);
  });
});

describe('a visitor', () => {
  it('is "no user" without any /api/user request (no 401 in the console)', async () => {
    const { fetchFn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchFn);
    const router = renderRoutesAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(calls.filter((c) => c.url.startsWith('/api/user'))).toHaveLength(0);
  });

  it('with a stale token: a 401 is "no user" and the token is dropped', async () => {
    signIn();
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ status: 401, body: { error: 'Authentication required' } }) }).fetchFn);
    const router = renderRoutesAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('sees the 404 page with a way back', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetchFn);
    const router = renderRoutesAt('/no/such/page');
    const back = await screen.findByTestId('not-found-back');
    await userEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
  });
});

describe('invitations', () => {
  it('does not refetch a used invitation after accepting it', async () => {
    signIn();
    const user = userOf({ balance: '1000.00' });
    const bet = betOf('pending', { inviteLinkId: 'inv-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), challenger: { id: 'someone-else', username: 'bob' } as Bet['challenger'] });
    const { fetchFn, calls } = fakeFetch({
      'GET /api/user': () => ({ body: user }),
      'GET /api/challenges/inv-1': () => ({ body: { bet } }),
      'POST /api/challenges/accept/inv-1': () => ({ body: { bet: { ...bet, status: 'accepted' } } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    const { router } = renderWithApp(<p>elsewhere</p>, {
      path: '/challenge/accept/inv-1',
      routes: [
        { path: '/challenge/accept/:inviteLinkId', element: <ChallengeInviteRoute /> },
        { path: '/chat/:betId', element: <p>Match Chat</p> },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Challenge' }));
    await userEvent.click(within(await screen.findByTestId('terms-modal')).getByRole('button', { name: /Agree/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${bet.id}`));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/challenges/inv-1')).toHaveLength(1);
  });

  it('after verifying the email, returns to the invitation the visitor signed up from', async () => {
    signIn();
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: userOf({ isEmailVerified: true }) }) }).fetchFn);
    const { router } = renderWithApp(<VerifyEmailRoute />, {
      path: `/verify-email?redirect=${encodeURIComponent('/challenge/accept/inv-9')}`,
      routes: [{ path: '/challenge/accept/:id', element: <p>Invitation</p> }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenge/accept/inv-9'));
  });
});

describe('footer and support pages', () => {
  it('links every Legal and Support item to a real page, Responsible Gaming to /responsible-gaming', () => {
    renderWithApp(<Footer />);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/legal/terms', '/legal/privacy', '/legal/kyc', '/responsible-gaming', '/help', '/contact', '/help#disputes', '/report']);
  });

  it.each(['/legal/terms', '/legal/privacy', '/legal/kyc', '/help'])('%s renders its page', async (path) => {
    vi.stubGlobal('fetch', fakeFetch({}).fetchFn);
    renderRoutesAt(path);
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('404');
  });

  it('sends an abuse report to the API with the reported player', async () => {
    const { fetchFn, calls } = fakeFetch({ 'POST /api/support/messages': () => ({ status: 201, body: { id: crypto.randomUUID() } }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<SupportFormRoute kind="report" />, { path: '/report' });
    await userEvent.type(screen.getByLabelText(/Your name/), 'Ann');
    await userEvent.type(screen.getByLabelText(/Your email/), 'ann@example.com');
    await userEvent.type(screen.getByLabelText(/Username of the player/), 'cheater_01');
    await userEvent.type(screen.getByLabelText(/Subject/), 'Fake screenshot');
    await userEvent.type(screen.getByLabelText(/^Message/), 'The final score screenshot was edited.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('support-sent')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')?.body as Record<string, string>;
    expect(sent).toMatchObject({ kind: 'report', name: 'Ann', email: 'ann@example.com', reportedUsername: 'cheater_01', subject: 'Fake screenshot' });
    expect(sent.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('evidence drop zone', () => {
  it('takes dropped files, previews them, removes one, and shows the upload progress', async () => {
    const onChange = vi.fn();
    const png = new File(['x'], 'score.png', { type: 'image/png' });
    const { rerender } = render(<EvidenceDropZone files={[]} onChange={onChange} progress={null} />);
    const zone = screen.getByTestId('evidence-drop-zone');
    zone.dispatchEvent(Object.assign(new Event('drop', { bubbles: true }), { dataTransfer: { files: [png] } }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([png]));
    rerender(<EvidenceDropZone files={[png]} onChange={onChange} progress={0.4} />);
    expect(within(screen.getByTestId('evidence-previews')).getByText('score.png')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await userEvent.click(screen.getByRole('button', { name: 'Remove score.png' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});

describe('dashboard panels', () => {
  it('lists the 10 latest finished matches with Won or Lost', async () => {
    signIn();
    const user = userOf();
    const finished = Array.from({ length: 12 }, (_, i) => betOf('completed', { challengerId: user.id, actualWinner: i % 2 === 0 ? user.id : 'someone-else' }));
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: user }), 'GET /api/bets': () => ({ body: finished }), 'GET /api/transactions': () => ({ body: [] }) }).fetchFn);
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    await waitFor(() => expect(screen.getAllByTestId('recent-match')).toHaveLength(10));
    const rows = screen.getAllByTestId('recent-match');
    expect(rows[0]).toHaveTextContent('Won');
    expect(rows[1]).toHaveTextContent('Lost');
  });

  it('refetches on a pull past 80 px from the top, not on a shorter one', async () => {
    signIn();
    const { fetchFn, calls } = fakeFetch({ 'GET /api/user': () => ({ body: userOf() }), 'GET /api/bets': () => ({ body: [] }), 'GET /api/transactions': () => ({ body: [] }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    const zone = await screen.findByTestId('pull-to-refresh');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/bets')).toHaveLength(1));
    const pullBy = (distance: number) => {
      fireEvent.touchStart(zone, { touches: [{ clientY: 10 }] });
      fireEvent.touchMove(zone, { touches: [{ clientY: 10 + distance }] });
      fireEvent.touchEnd(zone, { touches: [] });
    };
    pullBy(60);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.url === '/api/bets')).toHaveLength(1);
    fireEvent.touchStart(zone, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(zone, { touches: [{ clientY: 200 }] });
    expect(screen.getByTestId('pull-indicator')).toHaveTextContent('Release to refresh');
    fireEvent.touchEnd(zone, { touches: [] });
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/bets')).toHaveLength(2));
  });
});
