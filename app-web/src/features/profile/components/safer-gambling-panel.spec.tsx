// Proves the Safer gambling tab: limits in force, what is left and pending raises with their time are shown; only changed limits are sent (an emptied field removes one); a break needs a confirmation; safer-play refusals read in the user's language with the limit, the amounts and the end time.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositLimitExceededError, SelfExcludedError } from '@wager/domain/wallet/limits-errors';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { errorMessage } from '../../../lib/error-message';
import { i18n } from '../../../lib/i18n';
import type { SaferPlayLimits } from '../api/safer-play';
import { SaferGamblingPanel } from './safer-gambling-panel';

const none = { limit: null, pending: null, used: '0.00', remaining: null };
function limits(overrides: Partial<SaferPlayLimits> = {}): SaferPlayLimits {
  return {
    currency: 'NGN',
    timeZone: 'Africa/Lagos',
    depositDaily: { limit: '1000.00', pending: { limit: '5000.00', effectiveAt: '2026-11-25T10:00:00.000Z' }, used: '400.00', remaining: '600.00' },
    depositWeekly: none,
    depositMonthly: none,
    stakeDaily: { limit: '50000.00', pending: null, used: '0.00', remaining: '50000.00' },
    exclusion: null,
    selfExcludedUntil: null,
    coolOffUntil: null,
    realityCheckMinutes: null,
    ...overrides,
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('SaferGamblingPanel', () => {
  it('shows each limit with what is left and a pending raise, and sends only what changed', async () => {
    const { fetchFn, calls } = fakeFetch({ 'GET /api/user/limits': () => ({ body: limits() }), 'PUT /api/user/limits': () => ({ body: limits() }), 'GET /api/user': () => ({ body: null, status: 401 }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<SaferGamblingPanel />);
    const daily = await screen.findByTestId('limit-depositDaily');
    expect(within(daily).getByText(/In force: ₦1,000.00 · Left today: ₦600.00/)).toBeInTheDocument();
    expect(within(daily).getByTestId('pending-depositDaily')).toHaveTextContent('Changes to ₦5,000.00 on');
    await userEvent.clear(within(daily).getByLabelText('Daily deposit limit'));
    const monthly = screen.getByTestId('limit-depositMonthly');
    await userEvent.type(within(monthly).getByLabelText('Monthly deposit limit'), '20000');
    await userEvent.click(screen.getByTestId('save-limits'));
    expect(await screen.findByText('Limits saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([expect.objectContaining({ url: '/api/user/limits', body: { depositDaily: null, depositMonthly: '20000' } })]);
  });

  it('starts a break only after the confirmation', async () => {
    const { fetchFn, calls } = fakeFetch({ 'GET /api/user/limits': () => ({ body: limits() }), 'POST /api/user/self-exclusion': () => ({ body: { active: true } }), 'GET /api/user': () => ({ body: null, status: 401 }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<SaferGamblingPanel />);
    await userEvent.selectOptions(await screen.findByTestId('exclusion-period'), '6m');
    await userEvent.click(screen.getByTestId('start-exclusion'));
    expect(await screen.findByTestId('exclusion-confirm')).toHaveTextContent('Self-exclusion: 6 months. Until');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('confirm-exclusion'));
    expect(await screen.findByText('Your break has started')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ url: '/api/user/self-exclusion', body: { period: '6m' } })]);
  });

  it('shows a break in force', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user/limits': () => ({ body: limits({ exclusion: { kind: 'cool_off', period: '7d', until: '2026-12-01T10:00:00.000Z' }, coolOffUntil: '2026-12-01T10:00:00.000Z' }) }) }).fetchFn);
    renderWithApp(<SaferGamblingPanel />);
    expect(await screen.findByTestId('safer-play-banner')).toHaveTextContent('You are on a cool-off until');
  });
});

describe('safer-play refusals', () => {
  const limit = new DepositLimitExceededError({ limit: 'depositWeekly', limitAmount: '5000.00', used: '4000.00', remaining: '1000.00', requested: '2000.00', currency: 'NGN' });
  it('name the limit and what is left, in the user\'s language', async () => {
    expect(errorMessage(limit)).toBe('Deposit limit reached: your weekly deposit limit is ₦5,000.00 and ₦1,000.00 is left this week');
    await i18n.changeLanguage('fr');
    expect(errorMessage(limit)).toBe('Limite de dépôt atteinte : votre limite hebdomadaire est de 5\u202f000,00\u00a0₦ et il reste 1\u202f000,00\u00a0₦ cette semaine');
    await i18n.changeLanguage('es');
    expect(errorMessage(new SelfExcludedError({ kind: 'self_exclusion', until: '2027-05-24T10:00:00.000Z', action: 'stake' }))).toMatch(/^Estás autoexcluido hasta el .*2027.*: no puedes crear ni unirte a retos$/);
  });
});
