/**
 * The /ws contract (docs/api.md "Live updates"): every message a browser sends the socket and
 * every message the server sends back, as zod schemas. The gateway (api/src/runtime/ws-gateway.ts)
 * parses each client frame with `clientMessage`, and a frame it does not describe is refused with
 * `{type:'error', code:'invalid_message'}`; the contexts' replies are typed by `serverMessage`;
 * the browser's live-updates client (app-web/src/lib/live-updates.ts) and the screens that
 * subscribe read the same types.
 *
 * Protocol: the first message is `auth` with the session token (never in the URL); the server
 * answers `ready` or closes with 4401. A socket whose session ends later is closed with
 * `WS_CLOSE_SESSION_ENDED` (4440) or, on a suspension, `WS_CLOSE_ACCOUNT_SUSPENDED` (4403). `ping` is answered `pong`. `join_match` / `join_chat`
 * subscribe to a match's or a chat's data-carrying messages (`match_update`, `new_message`),
 * answered `joined` or an `error`. `changed` says which stream changed, for every stream the
 * user may see: the client refetches the queries that read it, it never patches data from it.
 */
import { z } from 'zod';
import { messageView } from './chat.js';
import { liveMatchView } from './live.js';

/**
 * Close codes the server ends a socket with that tell the browser to stop: its session ended
 * (sign-out elsewhere, a password reset, an erasure) or its account was suspended. The browser
 * does not reconnect after these; it drops the stored token (and says why on a suspension).
 */
export const WS_CLOSE_SESSION_ENDED = 4440;
export const WS_CLOSE_ACCOUNT_SUSPENDED = 4403;

/** The longest token an `auth` frame may carry. */
export const WS_TOKEN_LENGTH_MAX = 200;
/** The longest message type a frame may name. */
export const WS_TYPE_LENGTH_MAX = 50;
/** Raw bound of a chat message sent over the socket; the decider trims and names the spec's refusals. */
const CHAT_CONTENT_RAW_LENGTH_MAX = 10_000;

// ---- Client → server ---------------------------------------------------------------------------

export const authFrame = z.object({ type: z.literal('auth'), token: z.string().min(1).max(WS_TOKEN_LENGTH_MAX) });
export const pingFrame = z.object({ type: z.literal('ping') });
/** `userId` is ignored (older clients send it): the socket speaks for the token's user only. */
export const joinMatchFrame = z.object({ type: z.literal('join_match'), betId: z.uuid(), userId: z.string().optional() });
export const joinChatFrame = z.object({ type: z.literal('join_chat'), chatId: z.uuid(), userId: z.string().optional() });
/** The same rules as POST /api/chats/:chatId/messages; the message arrives as `new_message`. */
export const chatMessageFrame = z.object({ type: z.literal('chat_message'), chatId: z.uuid(), content: z.string().max(CHAT_CONTENT_RAW_LENGTH_MAX), clientMessageId: z.uuid().optional() });

/** Every frame a client may send. */
export const clientMessage = z.discriminatedUnion('type', [authFrame, pingFrame, joinMatchFrame, joinChatFrame, chatMessageFrame]);
export type ClientMessage = z.infer<typeof clientMessage>;
/** The frames the gateway answers itself; any other goes to the context that owns its type (`chat_message`). */
export const GATEWAY_MESSAGE_TYPES = ['auth', 'ping', 'join_match', 'join_chat'] as const;
export type GatewayMessage = Extract<ClientMessage, { type: (typeof GATEWAY_MESSAGE_TYPES)[number] }>;
export type ContextMessage = Exclude<ClientMessage, GatewayMessage>;
export function isGatewayMessage(message: ClientMessage): message is GatewayMessage {
  return (GATEWAY_MESSAGE_TYPES as readonly string[]).includes(message.type);
}

// ---- Server → client ---------------------------------------------------------------------------

export const readyMessage = z.strictObject({ type: z.literal('ready'), userId: z.string() });
export const pongMessage = z.strictObject({ type: z.literal('pong') });
/** A stream the user may see changed: refetch what reads it. Topics (`moderation-queue`) come the same way. */
export const changeMessage = z.strictObject({
  type: z.literal('changed'),
  streamType: z.string(),
  streamId: z.string(),
  id: z.string(),
  eventType: z.string(),
  recordedAt: z.string(),
});
export type ChangeMessage = z.infer<typeof changeMessage>;
export const joinedMessage = z.union([z.strictObject({ type: z.literal('joined'), betId: z.string() }), z.strictObject({ type: z.literal('joined'), chatId: z.string() })]);
/** A refused frame: `{ error, code, params? }` as an HTTP refusal, with `type: 'error'`. */
export const errorMessage = z.strictObject({ type: z.literal('error'), error: z.string(), code: z.string(), params: z.record(z.string(), z.unknown()).optional() });
export type ErrorMessage = z.infer<typeof errorMessage>;
/** A message of a chat the socket joined, as GET /api/chats/:chatId/messages shows it. */
export const newMessageMessage = z.strictObject({ type: z.literal('new_message'), chatId: z.string(), message: messageView });
export type NewMessageMessage = z.infer<typeof newMessageMessage>;
/** The match the socket joined, as GET /api/matches/:betId shows it. */
export const matchUpdateMessage = z.strictObject({ type: z.literal('match_update'), betId: z.string(), data: liveMatchView });
export type MatchUpdateMessage = z.infer<typeof matchUpdateMessage>;

/** Every message the server may send. */
export const serverMessage = z.union([readyMessage, pongMessage, changeMessage, joinedMessage, errorMessage, newMessageMessage, matchUpdateMessage]);
export type ServerMessage = z.infer<typeof serverMessage>;
/** A context's reply to an event or a frame (the data-carrying messages). */
export type ContextReply = NewMessageMessage | MatchUpdateMessage;
