import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { DomainError, parseStreamId, type BusMessage } from '@wager/domain';
import { clientMessage, isGatewayMessage, type ChangeMessage, type ClientMessage, type ContextMessage, type ServerMessage } from '@wager/domain/contracts/ws';
import { WS_CLOSE_ACCOUNT_SUSPENDED, WS_CLOSE_SESSION_ENDED } from '@wager/domain/contracts/ws';
import { authenticateToken } from '../plugins/auth.js';
import { SESSIONS_ENDED_SUBJECT, endsSession, parseSessionsEnded } from '../plugins/sessions.js';
import { assertStorableInput } from '../plugins/input-guard.js';
import { grantsOf, initialStreams, isBroadcast, topicsOf, type LiveEvent, type LiveRules, type Viewer } from './visibility.js';
import { wsConnections } from './metrics.js';

/** A socket that has not authenticated by then is closed. */
export const WS_AUTH_TIMEOUT_MS = 5000;
export const WS_MESSAGE_BYTES_MAX = 4096;
export const WS_CLOSE_UNAUTHENTICATED = 4401;
/** A socket's messages wait their turn; a client further ahead than this is closed (1008: policy violation). */
export const WS_PENDING_MESSAGES_MAX = 64;
export const WS_CLOSE_TOO_MANY_MESSAGES = 1008;
/** The token could not be checked (the database is unreachable): not the client's fault, it should retry. */
export const WS_CLOSE_SERVER_ERROR = 1011;

/** What each subscription message names, and what the socket is told when it may not follow it. */
const SUBSCRIPTIONS = {
  join_match: { idField: 'betId', notFound: 'Bet Not Found' },
  join_chat: { idField: 'chatId', notFound: 'Chat not found' },
} as const;


interface Connection {
  readonly socket: WebSocket;
  viewer: Viewer | null;
  /** The session the socket authenticated with: when it ends anywhere, the socket is closed. */
  sessionId: string | null;
  /** The streams this socket's user may hear of, kept current by the events that grant more. */
  visible: Set<string>;
  /** The chats and matches this socket joined (for the spec's data-carrying messages). */
  readonly subscriptions: Set<string>;
  /** The socket's messages, handled one after another (see the 'message' handler). */
  queue: Promise<void>;
  /** Messages received and not yet handled. */
  pending: number;
}

/**
 * The /ws gateway. A socket authenticates with the session token in its first message
 * (`{"type":"auth","token":"…"}`), never with a bare userId; until then it hears nothing. One
 * bus subscription serves every socket of the process, and each event goes only to the sockets
 * whose user may see its stream (see visibility.ts). A socket's messages are handled one at a
 * time, in the order sent, so a client need not wait for `ready` before its next message.
 */
export async function wsRoutes(app: FastifyInstance, options: { live: readonly LiveRules[] }): Promise<void> {
  const connections = new Set<Connection>();
  const live = options.live;
  for (const rule of live) await rule.broadcasts?.warmUp(app.deps.db);

  const unsubscribe = app.deps.bus.subscribe('events.>', (message: BusMessage) => {
    try {
      fanOut(message);
    } catch (error) {
      // One bad event must not stop the others; clients refetch everything on reconnect.
      app.log.error({ err: error }, 'ws fan-out failed');
    }
  });
  // Sessions that end in any process (sign-out, password reset, erasure, suspension) close
  // their sockets here too: the same bus signal the session cache listens to.
  const offSessionsEnded = app.deps.bus.onSignal(SESSIONS_ENDED_SUBJECT, (data) => {
    const ended = parseSessionsEnded(data);
    if (!ended) return;
    const [code, reason] = ended.reason === 'suspended' ? [WS_CLOSE_ACCOUNT_SUSPENDED, 'Account suspended'] : [WS_CLOSE_SESSION_ENDED, 'Session ended'];
    for (const c of connections) {
      if (!c.viewer || !c.sessionId || !endsSession(ended, c.viewer.userId, c.sessionId)) continue;
      c.viewer = null;
      c.socket.close(code, reason);
    }
  });
  /** Data-carrying messages go out one event at a time, in the bus's order. */
  let outboundQueue: Promise<void> = Promise.resolve();
  app.addHook('onClose', async () => {
    unsubscribe();
    offSessionsEnded();
    await outboundQueue;
    for (const c of connections) c.socket.close(1001, 'server stopping');
  });

  /** No I/O per event: grants first (so a newly entitled user hears this very event), then the send. */
  function fanOut(message: BusMessage): void {
    const event = message.event;
    const { type, id } = parseStreamId(event.streamId);
    const change: ChangeMessage = { type: 'changed', streamType: type, streamId: event.streamId, id, eventType: event.type, recordedAt: event.recordedAt };
    const text = JSON.stringify(change);
    const grants = grantsOf(live, event);
    const everyone = isBroadcast(live, event);
    const topics = topicsOf(live, event).map((topic) => {
      const parsed = parseStreamId(topic);
      return { topic, text: JSON.stringify({ ...change, streamType: parsed.type, streamId: topic, id: parsed.id } satisfies ChangeMessage) };
    });
    let joined = false;
    for (const c of connections) {
      if (!c.viewer || c.socket.readyState !== c.socket.OPEN) continue;
      for (const grant of grants) if (grant.userId === c.viewer.userId) c.visible.add(grant.streamId);
      if (everyone || c.viewer.isAdmin || c.visible.has(event.streamId)) c.socket.send(text);
      for (const t of topics) if (c.viewer.isAdmin || c.visible.has(t.topic)) c.socket.send(t.text);
      joined ||= c.subscriptions.has(event.streamId);
    }
    if (joined) {
      outboundQueue = outboundQueue.then(() => deliver(event)).catch((error: unknown) => app.log.error({ err: error }, 'ws delivery failed'));
    }
  }

  /** The contexts' data-carrying messages (`new_message`) for the sockets that joined the event's stream. */
  async function deliver(event: LiveEvent): Promise<void> {
    for (const rule of live) {
      const reply = rule.outbound ? await rule.outbound(app.deps.db, event) : null;
      if (!reply) continue;
      const text = JSON.stringify(reply);
      for (const c of connections) {
        if (c.viewer && c.subscriptions.has(event.streamId) && c.socket.readyState === c.socket.OPEN) c.socket.send(text);
      }
    }
  }

  app.get('/ws', { websocket: true }, (socket) => {
    const connection: Connection = { socket, viewer: null, sessionId: null, visible: new Set(), subscriptions: new Set(), queue: Promise.resolve(), pending: 0 };
    connections.add(connection);
    wsConnections.inc();
    const timer = setTimeout(() => {
      if (!connection.viewer) socket.close(WS_CLOSE_UNAUTHENTICATED, 'Authentication required');
    }, WS_AUTH_TIMEOUT_MS);
    const send = (payload: ServerMessage): void => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };

    async function handle(raw: unknown): Promise<void> {
      if (socket.readyState !== socket.OPEN) return;
      let json: unknown;
      try {
        json = JSON.parse(String(raw));
      } catch {
        return send({ type: 'error', error: 'Invalid message', code: 'invalid_message' });
      }
      // The same guard as every HTTP body: no NUL and no lone surrogate reaches a command or PostgreSQL.
      try {
        assertStorableInput(json);
      } catch (error) {
        if (error instanceof DomainError) return send({ type: 'error', error: error.message, code: error.code });
        throw error;
      }
      // Every frame is one the contract describes (an unknown type or a malformed frame is refused here).
      const frame = clientMessage.safeParse(json);
      if (!frame.success) return send({ type: 'error', error: 'Invalid message', code: 'invalid_message' });
      const parsed: ClientMessage = frame.data;
      if (!isGatewayMessage(parsed)) return answerInbound(parsed);
      if (parsed.type === 'auth') {
        let auth: Awaited<ReturnType<typeof authenticateToken>>;
        try {
          auth = await authenticateToken(app.deps.db, parsed.token, app.deps.clock.now(), app.sessionCache);
        } catch (error) {
          app.log.warn({ err: error }, 'ws token check failed');
          return socket.close(WS_CLOSE_SERVER_ERROR, 'Server error, try again');
        }
        if (!auth) return socket.close(WS_CLOSE_UNAUTHENTICATED, 'Authentication required');
        const viewer = { userId: auth.userId, isAdmin: auth.isAdmin };
        connection.visible = viewer.isAdmin ? new Set() : await initialStreams(app.deps.db, live, viewer);
        connection.viewer = viewer;
        connection.sessionId = auth.sessionId;
        clearTimeout(timer);
        return send({ type: 'ready', userId: auth.userId });
      }
      if (!connection.viewer) return send({ type: 'error', error: 'Authentication required', code: 'unauthorized' });
      if (parsed.type === 'ping') return send({ type: 'pong' });
      return join(parsed.type, parsed.type === 'join_match' ? parsed.betId : parsed.chatId);
    }

    /** A message a context handles (`chat_message`); its typed refusals are sent as errors. */
    async function answerInbound(message: ContextMessage): Promise<void> {
      // Own properties only: `__proto__`, `constructor` or `toString` must not find Object.prototype's.
      const owner = live.find((rule) => rule.inbound !== undefined && Object.hasOwn(rule.inbound, message.type));
      const handler = owner?.inbound?.[message.type];
      if (!handler) return send({ type: 'error', error: 'Invalid message', code: 'invalid_message' });
      if (!connection.viewer) return send({ type: 'error', error: 'Authentication required', code: 'unauthorized' });
      try {
        const reply = await handler(app.deps, connection.viewer, message);
        if (reply) send(reply);
      } catch (error) {
        if (error instanceof DomainError) return send({ type: 'error', error: error.message, code: error.code, ...(error.params ? { params: error.params } : {}) });
        app.log.error({ err: error }, 'ws inbound message failed');
        send({ type: 'error', error: 'Something went wrong', code: 'internal_error' });
      }
    }

    /** A per-connection subscription: authorized once, here, by the context that owns the stream. */
    async function join(kind: keyof typeof SUBSCRIPTIONS, id: string): Promise<void> {
      const { idField, notFound } = SUBSCRIPTIONS[kind];
      const viewer = connection.viewer!;
      let streamId: string | null = null;
      for (const rule of live) {
        const authorize = rule.subscriptions?.[kind];
        if (authorize) streamId = (await authorize(app.deps.db, viewer, id).catch(() => null)) ?? streamId;
      }
      if (!streamId) return send({ type: 'error', error: notFound, code: 'not_found' });
      connection.subscriptions.add(streamId);
      connection.visible.add(streamId);
      return send(idField === 'betId' ? { type: 'joined', betId: id } : { type: 'joined', chatId: id });
    }

    // One message at a time, in the order they came: handled side by side, a message sent right
    // behind `auth` would be looked at while the token is still being checked, and be refused.
    socket.on('message', (raw) => {
      if (connection.pending >= WS_PENDING_MESSAGES_MAX) {
        socket.close(WS_CLOSE_TOO_MANY_MESSAGES, 'Too many messages');
        return;
      }
      connection.pending++;
      connection.queue = connection.queue
        .then(() => handle(raw))
        .catch((error: unknown) => app.log.error({ err: error }, 'ws message failed'))
        .finally(() => {
          connection.pending--;
        });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (connections.delete(connection)) wsConnections.dec();
    });
  });
}
