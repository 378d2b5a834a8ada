/**
 * The chat's system messages: the chat context hears the bets context's events and writes what
 * happened into the bet's chat (accepted, each result, dispute, resolution, appeal and its decision,
 * settlement, void, cancel, expiry), and closes the chat of a cancelled or expired bet. Each message's id is derived
 * from the bet event's id, so handling an event again writes nothing twice.
 *
 * Why a reactor and not a read of the bet stream in commands.ts: the chat decides on its own
 * stream alone (one stream, one expected revision, no reading another context's stream), and the
 * closing is recorded where every later refusal can point at it. The price is a short lag after a
 * cancel or expiry during which a message can still be posted.
 */
import { NotFoundError, type RecordedEvent } from '@wager/domain';
import type { BetEvent } from '@wager/domain/bets/index';
import { chatIdOfBet, chatNoticeText, type ChatEvent, type ChatNotice } from '@wager/domain/chat/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { closeChat, postSystemMessage } from './commands.js';

const BET_EVENTS = ['BetResultReported', 'BetDisputed', 'DisputeResolved', 'BetSettled', 'BetVoided', 'BetCancelled', 'BetExpired', 'AppealFiled', 'AppealDecided'] as const;

type SystemMessage = { type: 'system' | 'dispute'; notice: ChatNotice };

/**
 * The message a bet event writes into its chat, or null: its kind and data (`notice`, user ids
 * only; the apps render it in the reader's language, issue 29). Its stored English text is the
 * notice's rendering without names (`chatNoticeText`, decided by the chat decider): no username
 * is written in clear into the log (docs/architecture.md, "Personal data and erasure").
 */
function systemMessageOf(event: BetEvent): SystemMessage | null {
  switch (event.type) {
    case 'BetResultReported':
      return { type: 'system', notice: { kind: 'result_reported', params: { reporterId: event.data.reporterId, result: event.data.result } } };
    case 'BetDisputed':
      return { type: 'dispute', notice: { kind: 'dispute_opened', params: { reason: event.data.reason } } };
    case 'DisputeResolved':
      return { type: 'system', notice: { kind: 'dispute_resolved', params: { winnerId: event.data.winnerId, notes: event.data.adminNotes.trim() } } };
    case 'BetSettled':
      return { type: 'system', notice: { kind: 'bet_settled', params: { winnerId: event.data.winnerId, amount: event.data.payoutAmount, currency: event.data.currency } } };
    case 'BetVoided':
      return { type: 'system', notice: { kind: 'bet_voided', params: { reason: event.data.reason } } };
    case 'BetCancelled':
      return { type: 'system', notice: { kind: 'bet_cancelled', params: {} } };
    case 'BetExpired':
      return { type: 'system', notice: { kind: 'bet_expired', params: {} } };
    case 'AppealFiled':
      // Not the reason: it is the appellant's own words, sealed under their key on the bet (shown
      // with the appeal); a system message is sealed under no one's, so it would outlive their erasure.
      return { type: 'system', notice: { kind: 'appeal_filed', params: { appellantId: event.data.appellantId } } };
    case 'AppealDecided':
      return { type: 'system', notice: { kind: 'appeal_decided', params: { outcome: event.data.outcome, winnerId: event.data.winnerId, notes: event.data.notes.trim() } } };
    default:
      return null;
  }
}

export function chatSystemMessagesReactor(deps: AppDeps): Reactor {
  return {
    name: 'chat-system-messages',
    eventTypes: ['ChatCreated', ...BET_EVENTS],
    async handle(recorded: RecordedEvent): Promise<void> {
      try {
        if (recorded.type === 'ChatCreated') {
          const chatId = (recorded.data as Extract<ChatEvent, { type: 'ChatCreated' }>['data']).chatId;
          const notice: ChatNotice = { kind: 'challenge_accepted', params: {} };
          await postSystemMessage(deps, chatId, recorded.id, 'system', chatNoticeText(notice), notice);
          return;
        }
        const event = { type: recorded.type, data: recorded.data } as BetEvent;
        const chatId = chatIdOfBet(event.data.betId);
        const message = systemMessageOf(event);
        if (message) await postSystemMessage(deps, chatId, recorded.id, message.type, chatNoticeText(message.notice), message.notice);
        if (event.type === 'BetCancelled' || event.type === 'BetExpired') await closeChat(deps, chatId, recorded.id, event.type === 'BetCancelled' ? 'cancelled' : 'expired');
      } catch (error) {
        // A bet that ended before it was accepted has no chat: nothing to write.
        if (error instanceof NotFoundError) return;
        throw error;
      }
    },
  };
}
