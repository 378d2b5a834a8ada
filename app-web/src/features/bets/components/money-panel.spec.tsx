// Proves the Money panel against a fake API: it lists the postings that moved the bet's money (players by name, amounts in money format) and the escrow balance, and "Verify" recomputes the bet stream's hash chain in the browser (Web Crypto, the server's canonical JSON), saying so when it matches and naming the first event when one was altered.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { canonicalJson } from '@wager/domain/event-store/canonical-json';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { MoneyPanel, betLedgerQuery, sha256Hex, type BetLedger } from './money-panel';

afterEach(() => vi.unstubAllGlobals());

/** A chain built as the event store builds it, with node:crypto. */
function chainOf(events: { type: string; data: unknown }[]) {
  let previous = '';
  return events.map((e, i) => {
    const hash = createHash('sha256').update(previous + e.type + canonicalJson(e.data), 'utf8').digest('hex');
    previous = hash;
    return { id: `e${i}`, revision: i, type: e.type, data: e.data, hash, recordedAt: '2026-11-24T10:00:00.000Z', redacted: false };
  });
}

function ledger(tamper: boolean): BetLedger {
  const events = chainOf([
    { type: 'BetCreated', data: { betId: 'b1', amount: '100.00', createdAt: '2026-11-24T10:00:00.000Z' } },
    { type: 'BetAccepted', data: { betId: 'b1', opponentId: 'u2' } },
    { type: 'BetSettled', data: { betId: 'b1', winnerId: 'u2', postings: [{ account: 'bet:b1:escrow:NGN', currency: 'NGN', amount: '-4.00' }] } },
  ]);
  if (tamper) events[1] = { ...events[1]!, data: { betId: 'b1', opponentId: 'u3' } };
  return {
    betId: 'b1',
    currency: 'NGN',
    escrowAccount: 'bet:b1:escrow:NGN',
    escrowBalance: '0.00',
    names: { u1: 'ada', u2: 'kola' },
    movements: [
      { eventId: 'm1', eventType: 'StakeLocked', streamId: 'wallet-u1', streamRevision: 3, recordedAt: '2026-11-24T10:00:00.000Z', hash: 'a'.repeat(64), postings: [{ account: 'user:u1:available:NGN', currency: 'NGN', amount: '-102.00' }, { account: 'bet:b1:escrow:NGN', currency: 'NGN', amount: '102.00' }] },
      { eventId: 'm2', eventType: 'PayoutCredited', streamId: 'wallet-u2', streamRevision: 5, recordedAt: '2026-11-24T11:00:00.000Z', hash: 'b'.repeat(64), postings: [{ account: 'bet:b1:escrow:NGN', currency: 'NGN', amount: '-200.00' }, { account: 'user:u2:available:NGN', currency: 'NGN', amount: '200.00' }] },
    ],
    chain: { streamId: 'bet-b1', headHash: events.at(-1)!.hash, events },
  };
}

function show(tamper = false) {
  const api = fakeFetch({ 'GET /api/bets/b1/ledger': () => ({ body: ledger(tamper) }) });
  vi.stubGlobal('fetch', api.fetchFn);
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
  renderWithApp(<MoneyPanel query={betLedgerQuery('b1')} />);
}

describe('MoneyPanel', () => {
  it('hashes with Web Crypto exactly as node:crypto does', async () => {
    expect(await sha256Hex('ab₦c')).toBe(createHash('sha256').update('ab₦c', 'utf8').digest('hex'));
  });

  it('lists the movements and the escrow balance, and verifies an intact chain', async () => {
    show();
    const panel = await screen.findByTestId('money-panel');
    expect(within(panel).getByTestId('escrow-balance')).toHaveTextContent('₦0.00');
    expect(within(panel).getByText('Stake and fee into escrow')).toBeInTheDocument();
    expect(within(panel).getByText('Payout')).toBeInTheDocument();
    // Players by name and amounts in money format, never an id or a bare number
    const postings = within(panel).getAllByTestId('posting').map((p) => p.textContent?.trim());
    expect(postings).toEqual(['ada −₦102.00', 'Escrow +₦102.00', 'Escrow −₦200.00', 'kola +₦200.00']);
    expect(panel).not.toHaveTextContent('u1');
    await userEvent.click(within(panel).getByTestId('verify-chain'));
    expect(await within(panel).findByTestId('verify-result')).toHaveTextContent('Verified: the hash chain of 3 events recomputes in your browser.');
  });

  it('names the first altered event when the chain does not recompute', async () => {
    show(true);
    const panel = await screen.findByTestId('money-panel');
    await userEvent.click(within(panel).getByTestId('verify-chain'));
    expect(await within(panel).findByTestId('verify-result')).toHaveTextContent('Verification failed at event 2');
  });
});
