// Proves the admin panel's rules in the browser: /admin (lazy-loaded) tells non-admins the spec's Access Denied text; admins see the four stat cards with 'Action Needed' on disputes, the email test's required field and spec failure toast; the users table searches, pages by 10 and shows the spec's verify failure toast; the user dialog shows the player's safer gambling and its history; the KYC tab's bank withdrawals: Hold needs a reason, the OTP is checked, toasts and a refetch; (the dispute queue and review page: dispute-review.spec.tsx).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/date-time';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../../../app/provider';
import { routes } from '../../../app/router';
import { AdminPanel } from './admin-panel';

// Without a stored session token the app asks nobody for /api/user (issue 15): each test is signed in.
beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const admin = { id: crypto.randomUUID(), username: 'boss', email: 'boss@example.com', balance: '0.00', cryptoBalance: '0.00', isAdmin: true, isEmailVerified: true };
const stats = { totalUsers: 42, recentSignups: 5, totalBets: 17, activeBets: 3, weeklyGrowth: 13.5, disputedBets: 2 };
const row = (i: number) => ({ id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`, username: `player${i}`, email: `p${i}@example.com`, phoneNumber: null, balance: '10.00', cryptoBalance: '0.00', isAgeVerified: false, isEmailVerified: true, isAdmin: false, isModerator: false, adminNotes: null, createdAt: '2026-11-20T10:00:00.000Z' });

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })} liveUpdates={false}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('AdminPanel', () => {
  it("tells a non-admin they may not enter", async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: { ...admin, isAdmin: false } }) }).fetchFn);
    renderWithApp(<AdminPanel />);
    expect(await screen.findByTestId('admin-access-denied')).toHaveTextContent("Access Denied: You don't have permission to access the admin panel");
  });

  it('shows the stat cards with Action Needed, and the email test refuses an empty address and toasts the spec failure text', async () => {
    const fake = fakeFetch({
      'GET /api/user': () => ({ body: admin }),
      'GET /api/admin/stats': () => ({ body: stats }),
      'POST /api/admin/test-email': () => ({ status: 502, body: { error: 'Failed to send test email. Check SendGrid configuration.', code: 'test_email_failed' } }),
    });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(<AdminPanel />);
    expect(await screen.findByTestId('admin-stat-users')).toHaveTextContent('42');
    expect(screen.getByTestId('admin-stat-users')).toHaveTextContent('5 signups this week');
    expect(screen.getByTestId('admin-stat-bets')).toHaveTextContent('3 active');
    expect(screen.getByTestId('admin-stat-growth')).toHaveTextContent('13.5%');
    expect(screen.getByTestId('admin-stat-disputes')).toHaveTextContent('Action Needed');
    const form = screen.getByTestId('admin-test-email');
    fireEvent.submit(form);
    expect(await within(form).findByText('Please enter an email address')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.url === '/api/admin/test-email')).toBe(false);
    await userEvent.type(within(form).getByRole('textbox'), 'ops@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Failed to send test email. Check SendGrid configuration.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.url === '/api/admin/test-email')?.body).toEqual({ email: 'ops@example.com' });
  });

  it('searches users, pages by 10, and toasts the spec text when verifying fails', async () => {
    const fake = fakeFetch({
      'GET /api/user': () => ({ body: admin }),
      'GET /api/admin/stats': () => ({ body: stats }),
      'GET /api/admin/users': () => ({ body: { users: Array.from({ length: 10 }, (_, i) => row(i)), pagination: { page: 1, limit: 10, total: 12, pages: 2 } } }),
      'PATCH /api/admin/users/00000000-0000-4000-8000-000000000003': () => ({ status: 500, body: { error: 'Internal server error' } }),
    });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Users Database' }));
    const table = await screen.findByTestId('admin-users-table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByTestId('admin-users-pages')).toHaveTextContent('Page 1 of 2');
    await userEvent.type(screen.getByTestId('admin-user-search'), 'Play');
    await waitFor(() => expect(fake.calls.some((c) => c.url.includes('search=Play'))).toBe(true));
    expect(fake.calls.find((c) => c.url.includes('search=Play'))?.url).toContain('limit=10');
    // The status column says which check is missing: the age, not the email (issue #29).
    expect(within(screen.getByTestId('admin-user-row-player3')).getByText('Age not verified')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-user-row-player3')).getByText('Email verified')).toBeInTheDocument();
    expect(within(table).queryByText('Unverified')).toBeNull();
    await userEvent.click(within(screen.getByTestId('admin-user-row-player3')).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to verify user')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isAgeVerified: true });
  });

  it("shows a player's safer gambling on the user record: limits in force, a pending raise with its time, the cool-off, the reality check and who changed what", async () => {
    const user = row(4);
    const noLimit = { limit: null, pending: null, used: '0.00', remaining: null };
    const saferPlay = {
      currency: 'NGN',
      timeZone: 'Africa/Lagos',
      depositDaily: { limit: '2000.00', pending: { limit: '9000.00', effectiveAt: '2026-11-21T10:01:00.000Z' }, used: '0.00', remaining: '2000.00' },
      depositWeekly: noLimit,
      depositMonthly: noLimit,
      stakeDaily: { limit: '300.00', pending: null, used: '0.00', remaining: '300.00' },
      exclusion: { kind: 'cool_off', period: '7d', until: '2026-11-27T10:02:00.000Z' },
      selfExcludedUntil: null,
      coolOffUntil: '2026-11-27T10:02:00.000Z',
      realityCheckMinutes: 45,
      history: [
        { type: 'SpendingLimitChanged', actor: user.id, at: '2026-11-20T10:00:00.000Z', limit: 'depositDaily', value: '2000.00', previous: null, status: 'applied', effectiveAt: '2026-11-20T10:00:00.000Z' },
        { type: 'SpendingLimitChanged', actor: user.id, at: '2026-11-20T10:01:00.000Z', limit: 'depositDaily', value: '9000.00', previous: '2000.00', status: 'pending', effectiveAt: '2026-11-21T10:01:00.000Z' },
        { type: 'SelfExclusionStarted', actor: user.id, at: '2026-11-20T10:02:00.000Z', period: '7d', kind: 'cool_off', until: '2026-11-27T10:02:00.000Z' },
        { type: 'RealityCheckSet', actor: 'system', at: '2026-11-20T10:03:00.000Z', intervalMinutes: 45 },
      ],
    };
    const detail = { user, verification: { isEmailVerified: true, isPhoneVerified: false, isPsnVerified: false, isAgeVerified: false }, betsSummary: { total: 0, byStatus: {}, wins: 0, losses: 0, rating: 1000 }, adminActions: [], saferPlay };
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/user': () => ({ body: admin }),
        'GET /api/admin/stats': () => ({ body: stats }),
        'GET /api/admin/users': () => ({ body: { users: [user], pagination: { page: 1, limit: 10, total: 1, pages: 1 } } }),
        [`GET /api/admin/users/${user.id}`]: () => ({ body: detail }),
        [`GET /api/admin/users/${user.id}/transactions`]: () => ({ body: { transactions: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } } }),
        [`GET /api/admin/users/${user.id}/bets`]: () => ({ body: { bets: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } } }),
      }).fetchFn,
    );
    renderAt('/admin?tab=users');
    // The username links to the user's record page.
    await userEvent.click(within(await screen.findByTestId('admin-user-row-player4')).getByRole('link', { name: 'player4' }));
    const section = await screen.findByTestId('admin-user-safer-play');
    const at = (iso: string) => formatDateTime(iso);
    expect(within(section).getByTestId('admin-safer-depositDaily')).toHaveTextContent(`Daily deposit limit₦2,000.00₦9,000.00 from ${at('2026-11-21T10:01:00.000Z')}`);
    expect(within(section).getByTestId('admin-safer-depositWeekly')).toHaveTextContent('Weekly deposit limitNo limitNone');
    expect(within(section).getByTestId('admin-safer-stakeDaily')).toHaveTextContent('Daily stake limit₦300.00None');
    expect(within(section).getByTestId('admin-safer-exclusion')).toHaveTextContent(`On a cool-off (Cool-off: 7 days) until ${at('2026-11-27T10:02:00.000Z')}`);
    expect(within(section).getByTestId('admin-safer-reality')).toHaveTextContent('Reality check: 45 minutes');
    const history = within(within(section).getByTestId('admin-safer-history')).getAllByRole('listitem').map((li) => li.textContent);
    expect(history).toEqual([
      `Reality check: 45 minutesby system, ${at('2026-11-20T10:03:00.000Z')}`,
      `Cool-off: 7 days, until ${at('2026-11-27T10:02:00.000Z')}by the player, ${at('2026-11-20T10:02:00.000Z')}`,
      `Daily deposit limit: ₦9,000.00 from ${at('2026-11-21T10:01:00.000Z')} (was ₦2,000.00)by the player, ${at('2026-11-20T10:01:00.000Z')}`,
      `Daily deposit limit: ₦2,000.00 at once (was No limit)by the player, ${at('2026-11-20T10:00:00.000Z')}`,
    ]);
  });

  it('KYC tab: bank withdrawals to review; Hold needs a reason, Release sends it, an OTP is checked before it is sent; toasts and a refetch after each', async () => {
    const base = { userId: '44444444-4444-4444-8444-444444444444', currency: 'NGN', status: 'requested', reference: 'wd_ref_1', bankName: 'GTBank', accountName: 'ADA OBI', accountNumber: '******7890', requiresKyc: true, holdReason: null, awaitingOtp: false, requestedAt: '2026-11-20T10:00:00.000Z', automatic: false };
    const review = { ...base, id: 'bw-review', amount: '1500.00', waiting: 'review', reviewReasons: ['unverified', 'new_device'] };
    const otp = { ...base, id: 'bw-otp', amount: '2500.00', status: 'sent', waiting: null, awaitingOtp: true, reviewReasons: [] };
    let listed = 0;
    const fake = fakeFetch({
      'GET /api/user': () => ({ body: admin }),
      'GET /api/admin/stats': () => ({ body: stats }),
      'GET /api/admin/crypto/withdrawals/kyc': () => ({ body: [{ id: 'cw-1', userId: base.userId, amount: '40', currency: 'USDT', usdAmount: '40.00', network: 'TRC20', status: 'pending', kycStatus: 'pending', createdAt: '2026-11-20T10:00:00.000Z', reviewReasons: ['over_daily_tier'] }] }),
      'GET /api/admin/withdrawals/bank': () => ((listed += 1), { body: [review, otp] }),
      'POST /api/admin/withdrawals/bank/bw-review/hold': () => ({ body: { ...review, waiting: 'admin_hold', holdReason: 'Checking ID' } }),
      'POST /api/admin/withdrawals/bank/bw-review/release': () => ({ body: { ...review, status: 'sent', waiting: null } }),
      'POST /api/admin/withdrawals/bank/bw-otp/otp': () => ({ status: 400, body: { error: 'Paystack refused the OTP. Check the code and try again.', code: 'otp_refused' } }),
    });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: 'KYC' }));
    expect(within(await screen.findByTestId('admin-kyc')).getByTestId('review-reasons')).toHaveTextContent('Held by: over the automatic limit for 24 hours');
    const row = await screen.findByTestId('admin-bank-withdrawal-bw-review');
    expect(row).toHaveTextContent('₦1,500.00 · To GTBank ******7890 (ADA OBI)');
    expect(row).toHaveTextContent('Waiting for a review');
    expect(within(row).getByTestId('review-reasons')).toHaveTextContent('Held by: email or phone not verified; a device first seen in the last 24 hours');
    await userEvent.click(within(row).getByRole('button', { name: 'Hold' }));
    expect(await within(row).findByText('Reason is required')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(row).getByRole('textbox', { name: 'Reason' }), 'Checking ID');
    const before = listed;
    await userEvent.click(within(row).getByRole('button', { name: 'Hold' }));
    expect(await screen.findByText('Withdrawal held')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.url.endsWith('/hold'))?.body).toEqual({ reason: 'Checking ID' });
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    await userEvent.clear(within(row).getByRole('textbox', { name: 'Reason' }));
    await userEvent.type(within(row).getByRole('textbox', { name: 'Reason' }), 'ID checked');
    await userEvent.click(within(row).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Withdrawal released and sent')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.url.endsWith('/release'))?.body).toEqual({ reason: 'ID checked' });

    const otpRow = screen.getByTestId('admin-bank-withdrawal-bw-otp');
    expect(otpRow).toHaveTextContent('Paystack is waiting for the OTP');
    expect(within(otpRow).queryByTestId('review-reasons')).toBeNull();
    expect(within(otpRow).queryByRole('button', { name: 'Hold' })).toBeNull();
    await userEvent.type(within(otpRow).getByRole('textbox', { name: 'OTP' }), '12a');
    await userEvent.click(within(otpRow).getByRole('button', { name: 'Send OTP' }));
    expect(await within(otpRow).findByText('OTP must be 4 to 8 digits')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.url.endsWith('/otp'))).toBe(false);
    await userEvent.clear(within(otpRow).getByRole('textbox', { name: 'OTP' }));
    await userEvent.type(within(otpRow).getByRole('textbox', { name: 'OTP' }), '000000');
    await userEvent.click(within(otpRow).getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Paystack refused the OTP. Check the code and try again.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.url.endsWith('/otp'))?.body).toEqual({ otp: '000000' });
  });

  it('is reached at /admin through the lazy route, where a player is told Access Denied', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: { ...admin, isAdmin: false } }) }).fetchFn);
    const router = createMemoryRouter(routes, { initialEntries: ['/admin'] });
    render(
      <AppProvider queryClient={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })} liveUpdates={false}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByTestId('admin-access-denied')).toHaveTextContent('Access Denied');
  });
});
