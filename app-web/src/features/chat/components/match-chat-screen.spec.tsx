// Proves the Match Chat screen against a fake API and a fake socket: message kinds, the bet cards, joining over /ws (again after a reconnect), live new_message appending once, sending with a clientMessageId, the moderator badges flow and its toasts, the moderator's view, the not-available and not-found states, and es/fr texts.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { fakeSockets } from '../../../testing/fake-socket';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { Chat, ChatMessage } from '../api/chat-queries';
import { MatchChatScreen } from './match-chat-screen';

afterEach(() => vi.unstubAllGlobals());

const now = new Date('2026-11-23T20:00:00Z');

function world(options: { viewer?: 'challenger' | 'stranger'; isModerator?: boolean; isAdmin?: boolean; requested?: boolean; moderatedBy?: 'viewer' | 'moderator' } = {}) {
  const challenger = { id: crypto.randomUUID(), username: `ann-${crypto.randomUUID().slice(0, 6)}`, psnUsername: 'ann_psn', activisionId: 'Ann#123' };
  const opponent = { id: crypto.randomUUID(), username: `bob-${crypto.randomUUID().slice(0, 6)}`, psnUsername: 'bob_psn', activisionId: null };
  const moderator = { id: crypto.randomUUID(), username: 'mod' };
  const stranger = { id: crypto.randomUUID(), username: 'sam' };
  const viewer = options.viewer === 'stranger' ? stranger : challenger;
  const betId = crypto.randomUUID();
  const bet = {
    id: betId, gameType: 'fc25', amount: '2500.00', status: 'accepted', challengerId: challenger.id, opponentId: opponent.id, challenger, opponent,
    createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + 86_400_000).toISOString(), matchDuration: 90, goalHandicap: 2,
    customRulesEnabled: true, allowedGameModes: ['Kick Off'], additionalTerms: 'No pausing',
  };
  let chat: Chat = { id: crypto.randomUUID(), betId, participant1Id: challenger.id, participant2Id: opponent.id, moderatorId: null, isModeratorRequested: false, isClosed: false, createdAt: now.toISOString() };
  if (options.requested) chat = { ...chat, isModeratorRequested: true };
  if (options.moderatedBy) chat = { ...chat, isModeratorRequested: true, moderatorId: options.moderatedBy === 'viewer' ? viewer.id : moderator.id };
  const message = (sender: { id: string; username: string } | null, content: string, type: ChatMessage['type'] = 'message'): ChatMessage => ({
    id: crypto.randomUUID(), chatId: chat.id, senderId: sender?.id ?? 'system', sender: { username: sender?.username ?? 'System' }, content, type, notice: null, createdAt: now.toISOString(),
  });
  const messages = [
    message(null, 'Chat room created.', 'system'),
    message(challenger, 'Ready at 9?'),
    message(opponent, 'Sure'),
    message(moderator, 'I am here to help'),
    message(opponent, 'Score was disputed', 'dispute'),
  ];
  const api = fakeFetch({
    'GET /api/user': () => ({ body: { ...viewer, email: 'v@example.com', balance: '0.00', cryptoBalance: '0.00', isModerator: options.isModerator ?? false, isAdmin: options.isAdmin ?? false } }),
    // As the server: the bet is the players' (and admins'); the chat also its moderator's, once joined
    [`GET /api/bets/${betId}`]: () => (viewer === stranger && !options.isAdmin ? { status: 404, body: { error: 'Bet Not Found' } } : { body: bet }),
    [`GET /api/chats/${betId}`]: () =>
      viewer === stranger && !options.isAdmin && chat.moderatorId !== viewer.id ? { status: 404, body: { error: 'Bet Not Found' } } : { body: chat },
    'GET /api/moderation/chats': () => ({ body: chat.isModeratorRequested && !chat.moderatorId ? [{ ...chat, bet: { id: betId, gameType: 'fc25', amount: '2500.00', currency: 'NGN' } }] : [] }),
    [`GET /api/chats/${chat.id}/messages`]: () => ({ body: messages }),
    [`POST /api/chats/${chat.id}/invite-moderator`]: () => {
      if (chat.isModeratorRequested) return { status: 409, body: { error: 'A moderator has already been requested for this chat', code: 'moderator_already_requested' } };
      chat = { ...chat, isModeratorRequested: true };
      return { body: chat };
    },
    [`POST /api/chats/${chat.id}/join`]: () => {
      chat = { ...chat, moderatorId: viewer.id };
      return { body: chat };
    },
  });
  vi.stubGlobal('fetch', api.fetchFn);
  window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
  const sockets = fakeSockets();
  const view = renderWithApp(<MatchChatScreen betId={betId} />, {
    liveUpdates: { createSocket: sockets.createSocket, url: 'ws://test/ws', random: () => 0, events: null, isOnline: () => true, batchMs: 0 },
  });
  const connect = () => {
    act(() => sockets.latest().open());
    act(() => sockets.latest().receive({ type: 'ready', userId: viewer.id }));
  };
  return {
    ...view, api, sockets, connect, bet, moderator, opponent, challenger, viewer, message,
    chat: () => chat,
    setChat: (next: Partial<Chat>) => (chat = { ...chat, ...next }),
  };
}

describe('MatchChatScreen', () => {
  it('renders the title, players, every kind of message and the bet cards', async () => {
    const w = world({ moderatedBy: 'moderator' });
    expect(await screen.findByRole('heading', { name: 'Match Chat' })).toBeInTheDocument();
    expect(screen.getByTestId('chat-versus')).toHaveTextContent(`${w.challenger.username} vs ${w.opponent.username}`);
    expect(screen.getByTestId('bet-status')).toHaveTextContent('Active');

    await screen.findByText('Ready at 9?');
    const items = screen.getAllByTestId('chat-message');
    expect(items.map((item) => item.dataset.type)).toEqual(['system', 'message', 'message', 'message', 'dispute']);
    expect(items[1]).toHaveAttribute('data-own', 'true');
    expect(items[1]).toHaveClass('chat-message-own');
    expect(items[2]).toHaveClass('chat-message-other');
    expect(within(items[3]!).getByTestId('moderator-badge')).toHaveTextContent('Moderator');
    expect(items[4]).toHaveClass('chat-message-dispute');
    expect(within(items[4]!).getByText('Dispute')).toBeInTheDocument();

    expect(screen.getByTestId('bet-amount')).toHaveTextContent('₦2,500.00');
    expect(screen.getByText('90 minutes')).toBeInTheDocument();
    expect(screen.getByTestId('goal-handicap')).toHaveTextContent('+2');
    expect(screen.getByTestId('bet-expires')).toBeInTheDocument();
    expect(screen.getByTestId('players-card')).toHaveTextContent('ann_psn');
    expect(screen.getByTestId('players-card')).toHaveTextContent('Ann#123');
    expect(screen.getByTestId('custom-rules-card')).toHaveTextContent('No pausing');
    expect(screen.getByTestId('chat-guidelines')).toHaveTextContent('Messages are limited to 500 characters.');
    expect(screen.getByTestId('chat-moderated')).toHaveTextContent('Moderated');
  });

  it('joins the chat over /ws, appends a live message once, sends with a clientMessageId, and joins again after a reconnect', async () => {
    const w = world();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    expect(input).toBeDisabled();
    expect(screen.getByTestId('chat-connection')).toHaveAttribute('data-status', 'connecting');
    await screen.findByText('Ready at 9?');

    w.connect();
    expect(screen.getByTestId('chat-connection')).toHaveTextContent('Connected');
    expect(w.sockets.latest().sent).toContainEqual({ type: 'join_chat', chatId: w.chat().id });
    act(() => w.sockets.latest().receive({ type: 'joined', chatId: w.chat().id }));
    await waitFor(() => expect(input).toBeEnabled());

    // A live message from the opponent, delivered twice (a resend), shows once at the end
    const live = w.message(w.opponent, 'Lobby code 4242');
    act(() => w.sockets.latest().receive({ type: 'new_message', chatId: w.chat().id, message: live }));
    act(() => w.sockets.latest().receive({ type: 'new_message', chatId: w.chat().id, message: live }));
    expect(await screen.findAllByText('Lobby code 4242')).toHaveLength(1);
    const items = screen.getAllByTestId('chat-message');
    expect(items[items.length - 1]).toHaveTextContent('Lobby code 4242');
    // Another chat's message is not this one's
    act(() => w.sockets.latest().receive({ type: 'new_message', chatId: crypto.randomUUID(), message: { ...live, id: crypto.randomUUID(), content: 'elsewhere' } }));
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();

    await userEvent.type(input, 'On my way{Enter}');
    const sent = w.sockets.latest().sent.filter((m) => (m as { type: string }).type === 'chat_message') as { chatId: string; content: string; clientMessageId: string }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ chatId: w.chat().id, content: 'On my way' });
    expect(sent[0]!.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);

    // A server error event is a 'Connection Error' toast
    act(() => w.sockets.latest().receive({ type: 'error', error: 'Message too long', code: 'validation_failed' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Connection Error');

    // The socket drops: the box is disabled; after the reconnect the chat is joined again
    act(() => w.sockets.latest().drop());
    expect(input).toBeDisabled();
    await waitFor(() => expect(w.sockets.sockets).toHaveLength(2));
    w.connect();
    expect(w.sockets.latest().sent).toContainEqual({ type: 'join_chat', chatId: w.chat().id });
  });

  it('goes Invite Moderator → Moderator Requested → Moderated with the success toast', async () => {
    const w = world();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Moderator' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('A moderator has been notified and will join shortly to help resolve the dispute.');
    expect(await screen.findByTestId('chat-moderator-requested')).toHaveTextContent('Moderator Requested');
    expect(screen.queryByRole('button', { name: 'Invite Moderator' })).not.toBeInTheDocument();
    expect(w.api.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/invite-moderator'))).toHaveLength(1);

    // A moderator joins: the chat stream changes and the badge becomes 'Moderated'
    w.connect();
    w.setChat({ moderatorId: w.moderator.id });
    act(() => w.sockets.latest().receive({ type: 'changed', streamType: 'chat', streamId: `chat-${w.chat().id}`, id: w.chat().id, eventType: 'ModeratorJoined', recordedAt: now.toISOString() }));
    expect(await screen.findByTestId('chat-moderated')).toHaveTextContent('Moderated');
    expect(screen.queryByTestId('chat-moderator-requested')).not.toBeInTheDocument();
  });

  it('toasts the server refusal of an invite, in the reader’s language (by its code)', async () => {
    await i18n.changeLanguage('es');
    const w = world();
    const button = await screen.findByRole('button', { name: 'Invitar a un moderador' });
    // The other player asked after this screen read the chat: the button is still there, the server refuses with 409
    w.setChat({ isModeratorRequested: true });
    await userEvent.click(button);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Ya se ha solicitado un moderador para este chat');
  });

  it("takes a moderator from the moderators' queue to Join, then to the chat with the moderator's prompt", async () => {
    const w = world({ viewer: 'stranger', isModerator: true, requested: true });
    expect(await screen.findByTestId('moderation-request')).toHaveTextContent('A player asked for a moderator in this EA Sports FC 25 match (₦2,500.00).');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join as moderator' }));
    expect(await screen.findByText('Ready at 9?')).toBeInTheDocument();
    expect(screen.getByTestId('chat-moderated')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join as moderator' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Moderator' })).not.toBeInTheDocument();
    expect(w.api.calls.some((c) => c.method === 'POST' && c.url === `/api/chats/${w.chat().id}/join`)).toBe(true);
    w.connect();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Type a message as moderator...'));
  });

  it('gives an admin who is not in the chat a Join button in the panel, and no send box', async () => {
    world({ viewer: 'stranger', isAdmin: true });
    await screen.findByText('Ready at 9?');
    expect(screen.getByRole('button', { name: 'Join as moderator' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Moderator' })).not.toBeInTheDocument();
  });

  it('says Bet Not Found to a moderator whose queue does not hold the chat', async () => {
    world({ viewer: 'stranger', isModerator: true });
    expect(await screen.findByRole('heading', { name: 'Bet Not Found' })).toBeInTheDocument();
  });

  it('loads older messages with before=<oldest id> and puts them above the ones shown', async () => {
    const betId = crypto.randomUUID();
    const chatId = crypto.randomUUID();
    const userId = crypto.randomUUID();
    const page = (from: number, count: number): ChatMessage[] =>
      Array.from({ length: count }, (_, index) => ({ id: `m-${from + index}`, chatId, senderId: userId, sender: { username: 'ann' }, content: `message ${from + index}`, type: 'message', notice: null, createdAt: now.toISOString() }));
    const api = fakeFetch({
      'GET /api/user': () => ({ body: { id: userId, username: 'ann', balance: '0.00', cryptoBalance: '0.00' } }),
      [`GET /api/bets/${betId}`]: () => ({ body: { id: betId, gameType: 'fc25', amount: '100.00', status: 'accepted', challengerId: userId, createdAt: now.toISOString() } }),
      [`GET /api/chats/${betId}`]: () => ({ body: { id: chatId, betId, participant1Id: userId, participant2Id: 'other', moderatorId: null, isModeratorRequested: false, isClosed: false } }),
      [`GET /api/chats/${chatId}/messages`]: () => ({ body: api.calls[api.calls.length - 1]!.url.includes('before=m-100') ? page(90, 10) : page(100, 50) }),
    });
    vi.stubGlobal('fetch', api.fetchFn);
    const { queryClient } = renderWithApp(<MatchChatScreen betId={betId} />);
    await screen.findByText('message 149');
    await userEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('message 90');
    expect(api.calls.map((c) => c.url).filter((url) => url.includes('/messages'))).toEqual([
      `/api/chats/${chatId}/messages?limit=50`,
      `/api/chats/${chatId}/messages?limit=50&before=m-100`,
    ]);
    const items = screen.getAllByTestId('chat-message');
    expect(items).toHaveLength(60);
    expect(items[0]).toHaveTextContent('message 90');
    // Ten older messages mean there are no more to load
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();

    // A refetch (the chat changed, or a reconnect) reads the same pages again, newest first, with no gap
    const fetchesBefore = api.calls.length;
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/chats'] }));
    await waitFor(() => expect(api.calls.slice(fetchesBefore).filter((c) => c.url.includes('/messages')).map((c) => c.url)).toEqual([
      `/api/chats/${chatId}/messages?limit=50`,
      `/api/chats/${chatId}/messages?limit=50&before=m-100`,
    ]));
    expect(screen.getAllByTestId('chat-message')).toHaveLength(60);
  });

  it('says the chat is not available before the bet is accepted', async () => {
    const betId = crypto.randomUUID();
    vi.stubGlobal('fetch', fakeFetch({
      'GET /api/user': () => ({ body: { id: crypto.randomUUID(), username: 'ann', balance: '0.00', cryptoBalance: '0.00' } }),
      [`GET /api/bets/${betId}`]: () => ({ body: { id: betId, gameType: 'cod', amount: '100.00', status: 'pending', challengerId: 'x', createdAt: now.toISOString(), expiresAt: now.toISOString() } }),
      [`GET /api/chats/${betId}`]: () => ({ status: 400, body: { error: 'Chat is not available for this bet. Chat will be enabled once the bet is accepted.' } }),
    }).fetchFn);
    renderWithApp(<MatchChatScreen betId={betId} />);
    expect(await screen.findByTestId('chat-unavailable')).toHaveTextContent('Chat is not available for this bet. Chat will be enabled once the bet is accepted.');
    expect(screen.getByTestId('chat-versus')).toHaveTextContent('Open Challenge');
    // Expiry shows only while accepted; a zero handicap is not shown
    expect(screen.queryByTestId('bet-expires')).not.toBeInTheDocument();
    expect(screen.queryByTestId('goal-handicap')).not.toBeInTheDocument();
  });

  it('says Bet Not Found with a way back to the dashboard', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: { id: crypto.randomUUID(), username: 'ann', balance: '0.00', cryptoBalance: '0.00' } }) }).fetchFn);
    renderWithApp(<MatchChatScreen betId={crypto.randomUUID()} />);
    expect(await screen.findByRole('heading', { name: 'Bet Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The bet you're looking for doesn't exist or you don't have access to it.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it.each([
    ['es', 'Chat de la partida', 'Invitar a un moderador', 'Normas del chat'],
    ['fr', 'Chat du match', 'Inviter un modérateur', 'Règles du chat'],
  ])('speaks %s', async (language, title, invite, guidelines) => {
    await i18n.changeLanguage(language);
    world();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: invite })).toBeInTheDocument();
    expect(screen.getByTestId('chat-guidelines')).toHaveTextContent(guidelines);
  });
});
