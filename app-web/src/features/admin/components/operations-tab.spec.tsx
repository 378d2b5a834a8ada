// Proves the Operations tab in the browser: a withdrawal waiting for a person shows its amount and Paystack's reason; Return needs a reason, then posts it and refetches; a refusal is shown by its code in the reader's language; the audit's last outcome and schedule show and Run now posts; lag badges say it in words, not colour alone; the overview's charts render as figures with their numbers in a table.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { OperationsTab } from './operations-tab';
import OverviewCharts from './overview-charts';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`));
afterEach(async () => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

const stuck = {
  id: 'w-1',
  userId: 'u-1',
  amount: '5000.00',
  currency: 'NGN',
  reference: 'wdr_1',
  status: 'requested',
  bankName: 'Guaranty Trust Bank',
  accountName: 'ADA OBI',
  accountNumber: '******6789',
  requestedAt: '2026-11-26T10:00:00.000Z',
  sendAttempts: 1,
  lastSendError: 'Invalid recipient',
  lastSendFailedAt: '2026-11-26T10:00:01.000Z',
  nextAttemptAt: null,
  attentionReason: 'Invalid recipient',
  attentionAt: '2026-11-26T10:00:01.000Z',
  returnReason: null,
};
function operations(needsAttention = [stuck]) {
  return {
    generatedAt: '2026-11-26T11:00:00.000Z',
    withdrawals: { needsAttention, retrying: [], sentWithoutOutcome: [] },
    projections: { running: true, lastError: null, projectors: [{ name: 'ledger', checkpoint: '1/1', lag: 0 }, { name: 'bets', checkpoint: '1/1', lag: 250 }] },
    reactors: [{ name: 'wallet-credits', checkpoint: '1/1', lag: 0 }],
    sagas: [],
    audit: { running: false, last: { ranAt: '2026-11-26T09:00:00.000Z', passed: true, events: 120, streams: 14, failureCount: 0, failures: [] }, lastPassedAt: '2026-11-26T09:00:00.000Z', intervalMinutes: 360 },
  };
}

describe('OperationsTab', () => {
  it('lists the stuck withdrawal with its reason; Return needs a reason, posts it and refetches', async () => {
    let returned = false;
    const fake = fakeFetch({
      'GET /api/admin/operations': () => ({ body: operations(returned ? [] : [stuck]) }),
      'POST /api/admin/withdrawals/bank/w-1/return': () => {
        returned = true;
        return { body: { ...stuck, status: 'returned', returnReason: 'closed' } };
      },
    });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(<OperationsTab />);
    const item = await screen.findByTestId('attention-w-1');
    expect(item).toHaveTextContent('₦5,000.00');
    expect(item).toHaveTextContent('Reason: Invalid recipient');
    await userEvent.click(within(item).getByRole('button', { name: 'Return to player' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Return the money' }));
    expect(await within(item).findByText('Reason is required')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(item).getByLabelText('Reason (recorded with the action)'), 'Account closed');
    await userEvent.click(within(item).getByRole('button', { name: 'Return the money' }));
    expect(await screen.findByText('No withdrawal needs attention.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Account closed' });
  });

  it('shows a refusal by its code in Spanish, the lag in words, the audit, and posts Run now', async () => {
    await i18n.changeLanguage('es');
    const fake = fakeFetch({
      'GET /api/admin/operations': () => ({ body: operations() }),
      'POST /api/admin/withdrawals/bank/w-1/retry': () => ({ status: 409, body: { error: 'Withdrawal is returned', code: 'withdrawal_not_pending', params: { status: 'returned' } } }),
      'POST /api/admin/audit/runs': () => ({ status: 202, body: { started: true, running: true } }),
    });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(<OperationsTab />);
    const item = await screen.findByTestId('attention-w-1');
    await userEvent.click(within(item).getByRole('button', { name: 'Reintentar' }));
    await userEvent.type(within(item).getByLabelText('Motivo (se registra con la acción)'), 'saldo recargado');
    await userEvent.click(within(item).getByRole('button', { name: 'Reintentar la transferencia' }));
    expect(await within(item).findByText('La retirada está en estado «returned»')).toBeInTheDocument();
    const projectors = screen.getByTestId('operations-projectors');
    expect(within(projectors).getByText('Con retraso')).toBeInTheDocument();
    expect(within(projectors).getByText('Al día')).toBeInTheDocument();
    const audit = screen.getByTestId('operations-audit');
    expect(audit).toHaveTextContent('120 eventos, 14 flujos');
    expect(audit).toHaveTextContent('Se ejecuta cada 360 minutos');
    await userEvent.click(within(audit).getByRole('button', { name: 'Ejecutar la auditoría ahora' }));
    expect(await screen.findByText('Auditoría iniciada')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'POST' && c.url === '/api/admin/audit/runs')).toBe(true);
  });
});

describe('OverviewCharts', () => {
  it('renders each chart as a figure with a summary and its numbers in a table', async () => {
    const day = (d: string) => ({ day: d });
    const fake = fakeFetch({
      'GET /api/admin/charts': () => ({
        body: {
          days: 2,
          currency: 'NGN',
          money: [{ ...day('2026-11-25'), staked: '0.00', fees: '0.00', activePlayers: 0 }, { ...day('2026-11-26'), staked: '2040.00', fees: '40.00', activePlayers: 2 }],
          disputes: [{ ...day('2026-11-25'), opened: 1, resolved: 0, meanHoursToResolve: null }, { ...day('2026-11-26'), opened: 0, resolved: 1, meanHoursToResolve: 20.5 }],
          openDisputes: [],
          payoutTimes: [{ ...day('2026-11-25'), paid: 0, medianMinutes: null, p95Minutes: null }, { ...day('2026-11-26'), paid: 3, medianMinutes: 4, p95Minutes: 9.5 }],
        },
      }),
    });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithApp(<OverviewCharts />);
    const stakes = await screen.findByTestId('chart-stakes');
    expect(within(stakes).getByText('Stakes and fees per day')).toBeInTheDocument();
    expect(stakes).toHaveTextContent('latest ₦2,040.00 / ₦40.00');
    expect(within(stakes).getByRole('cell', { name: '₦2,040.00' })).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-disputes')).getByRole('cell', { name: '20.5' })).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-payout-time')).getByRole('cell', { name: '9.5' })).toBeInTheDocument();
    expect(screen.getByTestId('open-dispute-ages')).toHaveTextContent('No dispute is open.');
  });
});
