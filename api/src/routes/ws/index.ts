import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { parseStreamId, type BusMessage } from '@wager/domain';
import { authenticateToken } from '../../plugins/auth.js';
import { canSee, type Viewer } from './visibility.js';

/** A socket that has not authenticated by then is closed. */
export const WS_AUTH_TIMEOUT_MS = 5000;
export const WS_MESSAGE_BYTES_MAX = 4096;
export const WS_CLOSE_UNAUTHENTICATED = 4401;

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('join_match'), betId: z.string().uuid(), userId: z.string().optional() }),
]);

/**
 * What a client hears: which stream changed and how, so it can invalidate the queries that
 * read it (it refetches; it never patches data from the message). The projection runner
 * publishes only after the read tables commit, so a refetch always sees the change.
 */
export interface ChangeMessage {
  readonly type: 'changed';
  readonly streamType: string;
  readonly streamId: string;
  readonly id: string;
  readonly eventType: string;
  readonly recordedAt: string;
}

interface Connection {
  readonly socket: WebSocket;
  viewer: Viewer | null;
}

/**
 * The /ws gateway. A socket authenticates with the session token in its first message
 * (`{"type":"auth","token":"…"}`), never with a bare userId; until then it hears nothing. One
 * bus subscription serves every socket of the process, and each event goes only to the sockets
 * whose user may see its stream (see visibility.ts).
 */
export async function wsRoutes(app: FastifyInstance): Promise<void> {
  const connections = new Set<Connection>();

  const unsubscribe = app.deps.bus.subscribe('events.>', (message: BusMessage) => {
    void fanOut(message);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const c of connections) c.socket.close(1001, 'server stopping');
  });

  async function fanOut(message: BusMessage): Promise<void> {
    const { type, id } = parseStreamId(message.event.streamId);
    const change: ChangeMessage = { type: 'changed', streamType: type, streamId: message.event.streamId, id, eventType: message.event.type, recordedAt: message.event.recordedAt };
    const text = JSON.stringify(change);
    for (const c of connections) {
      if (!c.viewer || c.socket.readyState !== c.socket.OPEN) continue;
      try {
        if (await canSee(app.deps.db, message.event.streamId, c.viewer)) c.socket.send(text);
      } catch {
        // One failed visibility check must not stop the others; the client refetches on reconnect.
      }
    }
  }

  app.get('/ws', { websocket: true }, (socket) => {
    const connection: Connection = { socket, viewer: null };
    connections.add(connection);
    const timer = setTimeout(() => {
      if (!connection.viewer) socket.close(WS_CLOSE_UNAUTHENTICATED, 'Authentication required');
    }, WS_AUTH_TIMEOUT_MS);
    const send = (payload: unknown): void => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };

    socket.on('message', (raw) => {
      void (async () => {
        let parsed: z.infer<typeof clientMessage>;
        try {
          parsed = clientMessage.parse(JSON.parse(String(raw)));
        } catch {
          return send({ type: 'error', error: 'Invalid message' });
        }
        if (parsed.type === 'auth') {
          const auth = await authenticateToken(app.deps.db, parsed.token, app.deps.clock.now()).catch(() => null);
          if (!auth) return socket.close(WS_CLOSE_UNAUTHENTICATED, 'Authentication required');
          connection.viewer = { userId: auth.userId, isAdmin: auth.isAdmin };
          clearTimeout(timer);
          return send({ type: 'ready', userId: auth.userId });
        }
        if (!connection.viewer) return send({ type: 'error', error: 'Authentication required' });
        if (parsed.type === 'ping') return send({ type: 'pong' });
        const allowed = await canSee(app.deps.db, `bet-${parsed.betId}`, connection.viewer).catch(() => false);
        return send(allowed ? { type: 'joined', betId: parsed.betId } : { type: 'error', error: 'Bet Not Found' });
      })();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      connections.delete(connection);
    });
  });
}
