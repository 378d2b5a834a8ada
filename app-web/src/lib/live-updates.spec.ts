// Proves the live-updates client's connection rules: auth first and again after every reconnect, capped jittered backoff, "offline" after repeated failures, changes passed on only once authenticated, a dead socket detected by ping, and stop() closing for good.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../testing/fake-socket';
import {
  LiveUpdatesClient,
  OFFLINE_AFTER_FAILURES,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_MAX_MS,
  liveUpdatesUrl,
  reconnectDelay,
  type ConnectionStatus,
  type LiveMessage,
  type SessionEndReason,
} from './live-updates';
import { WS_CLOSE_ACCOUNT_SUSPENDED, WS_CLOSE_SESSION_ENDED } from '@wager/domain/contracts/ws';
import { createLiveChannel } from './live-channel';

describe('reconnectDelay', () => {
  it('doubles from about half a second, stops growing at ten, and jitters within the upper half of each step', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect([0, 1, 5, 10].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([250, 500, 5000, 5000]);
    for (let i = 0; i < 50; i++) {
      const delay = reconnectDelay(3, Math.random);
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
  });
});

describe('liveUpdatesUrl', () => {
  it('uses ws on http and wss on https, on the page’s own host', () => {
    expect(liveUpdatesUrl({ protocol: 'http:', host: '127.0.0.1:4100' })).toBe('ws://127.0.0.1:4100/ws');
    expect(liveUpdatesUrl({ protocol: 'https:', host: 'wager.example' })).toBe('wss://wager.example/ws');
  });
});

describe('LiveUpdatesClient', () => {
  let token: string | null;
  let online: boolean;
  beforeEach(() => {
    vi.useFakeTimers();
    token = `token-${crypto.randomUUID()}`;
    online = true;
  });
  afterEach(() => vi.useRealTimers());

  function setup() {
    const factory = fakeSockets();
    const statuses: ConnectionStatus[] = [];
    const changes: { streamId: string; viewerId: string }[] = [];
    const readies: { viewerId: string; reconnected: boolean }[] = [];
    const messages: LiveMessage[] = [];
    const ended: SessionEndReason[] = [];
    const client = new LiveUpdatesClient({
      url: 'ws://test/ws',
      getToken: () => token,
      createSocket: factory.createSocket,
      random: () => 1,
      isOnline: () => online,
      events: null,
      onStatus: (status) => statuses.push(status),
      onChange: (change, viewerId) => changes.push({ streamId: change.streamId, viewerId }),
      onReady: (viewerId, reconnected) => readies.push({ viewerId, reconnected }),
      onMessage: (message) => messages.push(message),
      onSessionEnded: (reason) => ended.push(reason),
    });
    return { client, factory, statuses, changes, readies, messages, ended };
  }

  const change = (streamId: string) => ({ type: 'changed', streamType: streamId.split('-')[0], streamId, id: streamId.slice(streamId.indexOf('-') + 1), eventType: 'FundsDeposited', recordedAt: '2026-11-21T12:00:00.000Z' });

  it('given no stored token, when started, then no socket is opened and the status stays idle', () => {
    token = null;
    const { client, factory } = setup();
    client.start();
    expect(factory.sockets).toHaveLength(0);
    expect(client.status).toBe('idle');
  });

  it('given a token, when the socket opens, then auth is the first message; changes count only after ready', () => {
    const userId = crypto.randomUUID();
    const { client, factory, statuses, changes, readies } = setup();
    client.start();
    const socket = factory.latest();
    expect(socket.url).toBe('ws://test/ws');
    expect(client.status).toBe('connecting');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token }]);
    socket.receive(change(`wallet-${userId}`));
    expect(changes).toHaveLength(0);
    socket.receive({ type: 'ready', userId });
    socket.receive(change(`wallet-${userId}`));
    expect(changes).toEqual([{ streamId: `wallet-${userId}`, viewerId: userId }]);
    expect(readies).toEqual([{ viewerId: userId, reconnected: false }]);
    expect(statuses).toEqual(['connecting', 'connected']);
    client.stop();
  });

  it('given a socket, send works only once authenticated, and subscription answers reach onMessage (pong and changes do not)', () => {
    const userId = crypto.randomUUID();
    const chatId = crypto.randomUUID();
    const { client, factory, messages } = setup();
    client.start();
    expect(client.send({ type: 'join_chat', chatId })).toBe(false);
    const socket = factory.latest();
    socket.open();
    expect(client.send({ type: 'join_chat', chatId })).toBe(false);
    socket.receive({ type: 'ready', userId });
    expect(client.send({ type: 'join_chat', chatId })).toBe(true);
    expect(socket.sent).toEqual([{ type: 'auth', token }, { type: 'join_chat', chatId }]);
    socket.receive({ type: 'joined', chatId });
    socket.receive({ type: 'pong' });
    socket.receive(change(`wallet-${userId}`));
    socket.receive({ type: 'error', error: 'Chat not found', code: 'not_found' });
    expect(messages).toEqual([{ type: 'joined', chatId }, { type: 'error', error: 'Chat not found', code: 'not_found' }]);
    client.stop();
    expect(client.send({ type: 'join_chat', chatId })).toBe(false);
  });

  it('given a live channel, a subscription request is sent now and after every ready, until unsubscribed', () => {
    const channel = createLiveChannel();
    const sent: unknown[] = [];
    const heard: unknown[] = [];
    expect(channel.send({ type: 'ping' })).toBe(false);
    channel.attach((message) => (sent.push(message), true));
    const chatId = crypto.randomUUID();
    const delivered = { type: 'new_message', chatId, message: { id: crypto.randomUUID(), chatId, senderId: 'system', sender: { username: 'System' }, content: 'Chat opened', type: 'system', notice: null, createdAt: new Date(0).toISOString() } } as const;
    const unsubscribe = channel.subscribe({ type: 'join_chat', chatId }, (message) => heard.push(message));
    channel.ready();
    channel.receive(delivered);
    unsubscribe();
    channel.ready();
    channel.receive(delivered);
    expect(sent).toEqual([{ type: 'join_chat', chatId }, { type: 'join_chat', chatId }]);
    expect(heard).toEqual([delivered]);
  });

  it('given a connected socket, when it drops, then it reconnects after the backoff, authenticates again and reports a reconnect', () => {
    const userId = crypto.randomUUID();
    const { client, factory, statuses, readies } = setup();
    client.start();
    factory.latest().open();
    factory.latest().receive({ type: 'ready', userId });

    factory.latest().drop();
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(reconnectDelay(0, () => 1) - 1);
    expect(factory.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(factory.sockets).toHaveLength(2);

    token = `rotated-${crypto.randomUUID()}`;
    factory.latest().open();
    expect(factory.latest().sent).toEqual([{ type: 'auth', token }]);
    factory.latest().receive({ type: 'ready', userId });
    expect(readies.at(-1)).toEqual({ viewerId: userId, reconnected: true });
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    client.stop();
  });

  it('given a server that stays away, then the waits grow to the cap, the dot turns offline after repeated failures, and a success resets the backoff', () => {
    const { client, factory, statuses } = setup();
    client.start();
    const waits: number[] = [];
    for (let failure = 0; failure < 8; failure++) {
      const before = factory.sockets.length;
      factory.latest().drop();
      let waited = 0;
      while (factory.sockets.length === before) {
        vi.advanceTimersByTime(250);
        waited += 250;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(waits.every((wait) => wait <= RECONNECT_MAX_MS)).toBe(true);
    expect(statuses.indexOf('offline')).toBeGreaterThan(statuses.indexOf('reconnecting'));
    expect(statuses.filter((s) => s === 'reconnecting')).toHaveLength(1);
    expect(OFFLINE_AFTER_FAILURES).toBeLessThan(8);

    factory.latest().open();
    factory.latest().receive({ type: 'ready', userId: crypto.randomUUID() });
    expect(client.status).toBe('connected');
    factory.latest().drop();
    expect(client.status).toBe('reconnecting');
    const before = factory.sockets.length;
    vi.advanceTimersByTime(500);
    expect(factory.sockets).toHaveLength(before + 1);
    client.stop();
  });

  it('given the browser is offline, when the socket drops, then the status is offline', () => {
    const { client, factory } = setup();
    client.start();
    factory.latest().open();
    factory.latest().receive({ type: 'ready', userId: crypto.randomUUID() });
    online = false;
    factory.latest().drop();
    expect(client.status).toBe('offline');
    client.stop();
  });

  it('given a socket that stops answering, when a ping gets no pong, then it is closed and replaced', () => {
    const { client, factory } = setup();
    client.start();
    factory.latest().open();
    factory.latest().receive({ type: 'ready', userId: crypto.randomUUID() });
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(factory.latest().sent.at(-1)).toEqual({ type: 'ping' });
    factory.latest().receive({ type: 'pong' });
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(factory.sockets).toHaveLength(1);

    vi.advanceTimersByTime(PING_INTERVAL_MS + PONG_TIMEOUT_MS);
    const dead = factory.sockets[0]!;
    expect(dead.closedWith?.code).toBe(4000);
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    expect(factory.sockets).toHaveLength(2);
    client.stop();
  });

  it('given a connected socket, when stopped (logout), then it is closed, idle, and never reconnects', () => {
    const { client, factory } = setup();
    client.start();
    factory.latest().open();
    factory.latest().receive({ type: 'ready', userId: crypto.randomUUID() });
    client.stop();
    expect(factory.latest().closedWith).toEqual({ code: 1000, reason: 'signed out' });
    expect(client.status).toBe('idle');
    factory.latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(1);
  });

  it('given a socket waiting to reconnect, when the token is removed meanwhile, then it stops instead of reconnecting', () => {
    const { client, factory } = setup();
    client.start();
    factory.latest().drop();
    token = null;
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(1);
    expect(client.status).toBe('idle');
  });

  it.each([
    [WS_CLOSE_SESSION_ENDED, 'ended'],
    [WS_CLOSE_ACCOUNT_SUSPENDED, 'suspended'],
  ] as const)('given a connected socket, when the server closes it with %i (session over), then it says why once, goes idle and never reconnects', (code, reason) => {
    const { client, factory, ended } = setup();
    client.start();
    factory.latest().open();
    factory.latest().receive({ type: 'ready', userId: crypto.randomUUID() });
    factory.latest().drop(code);
    expect(ended).toEqual([reason]);
    expect(client.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(1);
  });

  it('given a connected socket, when it closes with any other code (4401 included), then it reconnects and reports no session end', () => {
    const { client, factory, ended } = setup();
    client.start();
    factory.latest().open();
    factory.latest().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(2);
    expect(ended).toEqual([]);
  });
});
