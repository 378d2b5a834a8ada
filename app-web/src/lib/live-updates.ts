/**
 * The browser's end of the live updates (docs/web.md): one WebSocket to `/ws` per signed-in tab. The server
 * tells it which stream changed (`{type:'changed', streamType, streamId, id, eventType,
 * recordedAt}`); the app then invalidates the queries that read that stream and React refetches.
 * Nothing here patches data, and nothing here knows about features: the mapping from a stream to
 * query keys lives with the app (see `app/live-updates`).
 *
 * Protocol (the /ws contract, `@wager/domain/contracts/ws`): the first message is `{type:'auth', token}`;
 * the server answers `{type:'ready', userId}` or closes with 4401. `{type:'ping'}` is answered `{type:'pong'}`.
 * A socket whose session ended (sign-out elsewhere, password reset, erasure: 4440) or whose account
 * was suspended (4403) is not reopened: `onSessionEnded` is told, and the app signs out.
 */

import { WS_CLOSE_ACCOUNT_SUSPENDED, WS_CLOSE_SESSION_ENDED, type ChangeMessage, type ClientMessage, type ServerMessage } from '@wager/domain/contracts/ws';

/** What the header's dot shows. `idle`: no session, no socket. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** Why the server ended the session under a socket: the client stops, it does not reconnect. */
export type SessionEndReason = 'ended' | 'suspended';

/** The session-ending reason a close code means, or null for a close worth reconnecting after. */
export function sessionEndReason(code: number): SessionEndReason | null {
  if (code === WS_CLOSE_ACCOUNT_SUSPENDED) return 'suspended';
  if (code === WS_CLOSE_SESSION_ENDED) return 'ended';
  return null;
}


/** The part of the browser's WebSocket the client uses, so tests can hand in a fake one. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export type { ClientMessage, ServerMessage };
/** A message the server sends besides the protocol's own (`ready`, `pong`, `changed`): `joined`, `new_message`, `match_update`, `error`. */
export type LiveMessage = Exclude<ServerMessage, { type: 'ready' | 'pong' | 'changed' }>;

/** Reconnect delays grow from about half a second and stop growing at ten. */
export const RECONNECT_INITIAL_MS = 500;
export const RECONNECT_MAX_MS = 10_000;
/** After this many failed attempts in a row the dot says "offline" (it keeps retrying). */
export const OFFLINE_AFTER_FAILURES = 5;
/** A quiet socket is pinged this often; no answer within the timeout means it is dead. */
export const PING_INTERVAL_MS = 25_000;
export const PONG_TIMEOUT_MS = 10_000;
const OPEN = 1;

/**
 * The wait before reconnect attempt `attempt` (0 for the first retry): exponential, capped at
 * `maxMs`, with "equal jitter" (a random point in the upper half of the step) so that a server
 * restart is not met by every browser at the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random, initialMs = RECONNECT_INITIAL_MS, maxMs = RECONNECT_MAX_MS): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `ws://host/ws` on an http page, `wss://host/ws` on https: the same origin as the app. */
export function liveUpdatesUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export function isChangeMessage(value: unknown): value is ChangeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return message.type === 'changed' && typeof message.streamType === 'string' && typeof message.streamId === 'string';
}

export interface LiveUpdatesOptions {
  /** The session token to authenticate with; read again on every (re)connect. */
  getToken: () => string | null;
  /** A change the server says this user may see; `viewerId` is the user the socket speaks for. */
  onChange: (change: ChangeMessage, viewerId: string) => void;
  /** The socket is (again) authenticated: anything may have changed while it was not. */
  onReady?: (viewerId: string, reconnected: boolean) => void;
  onStatus?: (status: ConnectionStatus) => void;
  /** Messages other than the protocol's own (`ready`, `pong`, `changed`): subscriptions' answers. */
  onMessage?: (message: LiveMessage) => void;
  /** The server closed the socket because its session ended or its account was suspended; the client has stopped. */
  onSessionEnded?: (reason: SessionEndReason) => void;
  url?: string;
  createSocket?: SocketFactory;
  random?: () => number;
  isOnline?: () => boolean;
  /** Where `online`/`offline` events come from; none in tests that do not need them. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

/**
 * One live connection. `start()` opens it when a token is stored; it authenticates first,
 * re-authenticates after every reconnect, reconnects with capped, jittered exponential backoff
 * after any close it did not ask for, and `stop()` closes it for good (logout).
 */
export class LiveUpdatesClient {
  private socket: SocketLike | null = null;
  private running = false;
  private failures = 0;
  private readyOnce = false;
  private viewerId: string | null = null;
  private statusValue: ConnectionStatus = 'idle';
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly createSocket: SocketFactory;
  private readonly random: () => number;
  private readonly isOnline: () => boolean;
  private readonly events: LiveUpdatesOptions['events'];

  constructor(private readonly options: LiveUpdatesOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.random = options.random ?? Math.random;
    this.isOnline = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
    this.events = options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
  }

  get status(): ConnectionStatus {
    return this.statusValue;
  }

  /** Opens the connection if a token is stored; a second call while running does nothing. */
  start(): void {
    if (this.running) return;
    if (!this.options.getToken()) return this.setStatus('idle');
    this.running = true;
    this.failures = 0;
    this.readyOnce = false;
    this.events?.addEventListener('online', this.onOnline);
    this.events?.addEventListener('offline', this.onOffline);
    this.connect();
  }

  /** Closes the connection and stops reconnecting (logout, or the token changed). */
  stop(): void {
    this.running = false;
    this.events?.removeEventListener('online', this.onOnline);
    this.events?.removeEventListener('offline', this.onOffline);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      socket.close(1000, 'signed out');
    }
    this.viewerId = null;
    this.setStatus('idle');
  }

  /**
   * Sends a message on the authenticated socket; false when there is none (not signed in,
   * connecting, reconnecting), so the caller can fall back or wait for the next `onReady`.
   */
  send(message: ClientMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || !this.viewerId) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  private connect(): void {
    this.reconnectTimer = null;
    const token = this.options.getToken();
    if (!this.running) return;
    if (!token) return this.stop();
    this.setStatus(this.readyOnce || this.failures > 0 ? this.retryStatus() : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url ?? liveUpdatesUrl());
    } catch {
      return this.scheduleReconnect();
    }
    this.socket = socket;
    // The token goes in the first message, never in the URL (URLs end up in logs).
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: this.options.getToken() ?? token } satisfies ClientMessage));
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      const ended = sessionEndReason(event.code);
      if (ended && socket === this.socket) {
        this.stop();
        this.options.onSessionEnded?.(ended);
        return;
      }
      this.lost(socket);
    };
    socket.onerror = () => undefined; // a close event always follows
  }

  private receive(data: unknown): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(String(data)) as Record<string, unknown>;
    } catch {
      return;
    }
    this.heard();
    if (message.type === 'ready' && typeof message.userId === 'string') {
      const reconnected = this.readyOnce;
      this.readyOnce = true;
      this.failures = 0;
      this.viewerId = message.userId;
      this.setStatus('connected');
      this.startHeartbeat();
      this.options.onReady?.(message.userId, reconnected);
      return;
    }
    if (isChangeMessage(message)) {
      if (this.viewerId) this.options.onChange(message, this.viewerId);
      return;
    }
    // The server's frames are the contract's (its specs check them); the browser trusts their shape.
    if (typeof message.type === 'string' && message.type !== 'pong') this.options.onMessage?.(message as unknown as LiveMessage);
  }

  /** The socket closed or was found dead: try again later, unless we were told to stop. */
  private lost(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.detach(socket);
    this.socket = null;
    this.stopHeartbeat();
    this.viewerId = null;
    if (!this.running) return;
    this.failures++;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    this.setStatus(this.retryStatus());
    this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelay(this.failures - 1, this.random));
  }

  private retryStatus(): ConnectionStatus {
    return !this.isOnline() || this.failures >= OFFLINE_AFTER_FAILURES ? 'offline' : 'reconnecting';
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (!socket || socket.readyState !== OPEN) return;
      socket.send(JSON.stringify({ type: 'ping' } satisfies ClientMessage));
      this.pongTimer ??= setTimeout(() => {
        // No answer: the connection is half-open (a sleeping laptop, a proxy that dropped it).
        socket.close(4000, 'no pong');
        this.lost(socket);
      }, PONG_TIMEOUT_MS);
    }, PING_INTERVAL_MS);
  }

  /** Any message proves the socket alive. */
  private heard(): void {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  private stopHeartbeat(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.heard();
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopHeartbeat();
  }

  private detach(socket: SocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.options.onStatus?.(status);
  }

  private readonly onOnline = (): void => {
    // Back on the network: try now rather than at the end of a long backoff.
    if (!this.running || this.socket) return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.failures = 0;
    this.connect();
  };

  private readonly onOffline = (): void => {
    if (this.running && this.statusValue !== 'connected') this.setStatus('offline');
  };
}
