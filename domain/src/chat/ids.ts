import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { betStepId } from '../bets/ids.js';

/** The chat context's own deterministic ids (messages, moderator steps, closing). */
const CHAT_ID_NAMESPACE = '5d3c1e8a-2f47-5b6e-9c0d-7a1b4e2f8c36';

/**
 * A bet's chat id: the bet saga's step id `<betId>/chat`, so the chat context finds a bet's chat
 * from the bet's events alone, and the bets saga creates the chat under the same id.
 */
export const chatIdOfBet = (betId: string): string => betStepId(betId, 'chat');

/** A deterministic id of one step of a chat: the same step always gets the same id. */
export const chatStepId = (...parts: string[]): string => uuidv5(parts.join('/'), CHAT_ID_NAMESPACE);

/**
 * A message sent with the client's idempotency key: its id names the key (chat, sender, key) and
 * its event id also names the text, so a resend of the same text is one event and another text
 * under the same key is another event, which the decider refuses (docs/ledger.md, an id names an
 * intent).
 */
export function keyedMessageIds(chatId: string, senderId: string, clientMessageId: string, content: string): { messageId: string; eventId: string } {
  const messageId = chatStepId(chatId, 'message', senderId, clientMessageId);
  const contentHash = createHash('sha256').update(content.trim(), 'utf8').digest('hex');
  return { messageId, eventId: chatStepId(messageId, contentHash) };
}
