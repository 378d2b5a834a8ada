// Proves the moderation queue screen against a fake API and a fake socket: requests with bet, players and time waited; a claim, then 'Taken by you'; a new request and another's claim arriving live; the note form's refusal; who is offered which act; access denied for players; Spanish texts.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { fakeSockets } from '../../../testing/fake-socket';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { ModerationRequest } from '../api/moderation-queries';
import { ModerationQueue, formatDuration } from './moderation-queue';

afterEach(() => {
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

const now = new Date('2026-11-26T20:00:00Z');
const person = (username: string) => ({ id: crypto.randomUUID(), username });

function request(overrides: Partial<ModerationRequest> = {}): ModerationRequest {
  const betId = crypto.randomUUID();
  const challenger = person('ann');
  const opponent = person('bob');
  return {
    chatId: crypto.randomUUID(), betId, chatPath: `/chat/${betId}`, status: 'open', requestedAt: now.toISOString(), requestedBy: opponent, waitedSeconds: 12 * 60,
    bet: { gameType: 'fc25', amount: '2500.00', currency: 'NGN', status: 'accepted' }, challenger, opponent,
    claimedBy: null, claimedAt: null, escalatedBy: null, escalatedAt: null, escalationReason: null, resolvedBy: null, resolvedAt: null, resolutionNote: null,
    ...overrides,
  };
}

function world(options: { isModerator?: boolean; isAdmin?: boolean; requests: ModerationRequest[] }) {
  const viewer = person('mia');
  let requests = options.requests;
  const api = fakeFetch({
    'GET /api/user': () => ({ body: { ...viewer, email: 'm@example.com', balance: '0.00', cryptoBalance: '0.00', isModerator: options.isModerator ?? false, isAdmin: options.isAdmin ?? false } }),
    'GET /api/moderation/queue': () => ({ body: { requests } }),
    ...Object.fromEntries(
      options.requests.map((r) => [
        `POST /api/moderation/${r.chatId}/claim`,
        () => {
          requests = requests.map((item) => (item.chatId === r.chatId ? { ...item, status: 'claimed' as const, claimedBy: viewer } : item));
          return { body: requests.find((item) => item.chatId === r.chatId) };
        },
      ]),
    ),
  });
  vi.stubGlobal('fetch', api.fetchFn);
  window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
  const sockets = fakeSockets();
  renderWithApp(<ModerationQueue />, { liveUpdates: { createSocket: sockets.createSocket, url: 'ws://test/ws', random: () => 0, events: null, isOnline: () => true, batchMs: 0 } });
  act(() => sockets.latest().open());
  act(() => sockets.latest().receive({ type: 'ready', userId: viewer.id }));
  const queueChanged = (eventType: string) =>
    act(() => sockets.latest().receive({ type: 'changed', streamType: 'moderation', streamId: 'moderation-queue', id: 'queue', eventType, recordedAt: now.toISOString() }));
  return { viewer, api, queueChanged, setRequests: (next: ModerationRequest[]) => (requests = next) };
}

const items = () => screen.findAllByTestId('moderation-item');

describe('ModerationQueue', () => {
  it('lists each request with its bet, both players and the time waited; a claim shows it taken by the viewer', async () => {
    const first = request({ waitedSeconds: 3 * 3600 });
    const second = request({ waitedSeconds: 12 * 60 });
    const w = world({ isModerator: true, requests: [first, second] });
    const [a, b] = await items();
    expect(a).toHaveTextContent('EA Sports FC 25 · ₦2,500.00');
    expect(within(a!).getByTestId('moderation-players')).toHaveTextContent('ann vs bob');
    expect(within(a!).getByTestId('moderation-waited')).toHaveTextContent('Waiting for 3 hours');
    expect(within(b!).getByTestId('moderation-waited')).toHaveTextContent('Waiting for 12 minutes');
    expect(within(a!).getByRole('link', { name: 'Open chat' })).toHaveAttribute('href', first.chatPath);
    expect(within(a!).queryByRole('button', { name: 'Resolve' })).toBeNull();

    await userEvent.click(within(b!).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(within(screen.getAllByTestId('moderation-item')[1]!).getByTestId('moderation-claimed-by')).toHaveTextContent('Taken by you'));
    expect(w.api.calls.some((c) => c.method === 'POST' && c.url === `/api/moderation/${second.chatId}/claim`)).toBe(true);
    const claimed = screen.getAllByTestId('moderation-item')[1]!;
    expect(within(claimed).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    expect(within(claimed).getByRole('button', { name: 'Hand to an admin' })).toBeInTheDocument();
  });

  it('shows a new request and another moderator’s claim when the queue changes over /ws, without a reload', async () => {
    const first = request();
    const w = world({ isModerator: true, requests: [first] });
    expect(await items()).toHaveLength(1);
    const other = person('otto');
    const fresh = request();
    w.setRequests([{ ...first, status: 'claimed', claimedBy: other }, fresh]);
    w.queueChanged('ModeratorRequested');
    await waitFor(() => expect(screen.getAllByTestId('moderation-item')).toHaveLength(2));
    const [taken] = screen.getAllByTestId('moderation-item');
    expect(within(taken!).getByTestId('moderation-claimed-by')).toHaveTextContent('Taken by otto');
    expect(within(taken!).queryByRole('button', { name: 'Claim' })).toBeNull();
    expect(within(taken!).queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('refuses an empty note in the form, before any request', async () => {
    const mine = request();
    const w = world({ isModerator: true, requests: [] });
    w.setRequests([{ ...mine, status: 'claimed', claimedBy: w.viewer }]);
    w.queueChanged('ModerationClaimed');
    const [item] = await items();
    await userEvent.click(within(item!).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByTestId('moderation-resolve-dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A note is required');
    expect(w.api.calls.some((c) => c.url.endsWith('/resolve'))).toBe(false);
  });

  it('offers an admin to resolve an escalated request, and a moderator nothing but the chat', async () => {
    const escalated = request({ status: 'escalated', claimedBy: person('otto'), escalatedBy: person('otto'), escalationReason: 'Screenshots differ' });
    world({ isAdmin: true, requests: [escalated] });
    const [item] = await items();
    expect(item).toHaveTextContent('Handed to an admin by otto: Screenshots differ');
    expect(within(item!).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
  });

  it('tells a player the queue is for moderators and admins', async () => {
    world({ requests: [request()] });
    expect(await screen.findByTestId('moderation-access-denied')).toHaveTextContent('Only moderators and admins can see the moderation queue.');
  });

  it('speaks Spanish and French, durations included', async () => {
    await i18n.changeLanguage('es');
    world({ isModerator: true, requests: [request({ waitedSeconds: 5 * 60 })] });
    expect(await screen.findByRole('heading', { name: 'Moderación' })).toBeInTheDocument();
    expect(await screen.findByTestId('moderation-waited')).toHaveTextContent('Esperando desde hace 5 minutos');
    expect(formatDuration(3 * 86_400, 'fr')).toMatch(/^3\sjours$/);
  });
});
