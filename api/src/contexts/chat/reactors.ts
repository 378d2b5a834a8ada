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
import type { RecordedEvent } from '@wager/domain';
import type { BetEvent } from '@wager/domain/bets/index';
import { chatIdOfBet, chatNoticeText, type ChatEvent, type ChatNotice } from '@wager/domain/chat/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { writeSystemSteps, type ChatSystemStep } from './commands.js';

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

/** What one recorded event writes into its chat: its message and, for a bet that ended without a match, the closing. */
function stepsOf(recorded: RecordedEvent): ChatSystemStep[] {
  if (recorded.type === 'ChatCreated') {
    const chatId = (recorded.data as Extract<ChatEvent, { type: 'ChatCreated' }>['data']).chatId;
    const notice: ChatNotice = { kind: 'challenge_accepted', params: {} };
    return [{ kind: 'message', chatId, causeId: recorded.id, type: 'system', content: chatNoticeText(notice), notice }];
  }
  const event = { type: recorded.type, data: recorded.data } as BetEvent;
  const chatId = chatIdOfBet(event.data.betId);
  const message = systemMessageOf(event);
  return [
    ...(message ? [{ kind: 'message' as const, chatId, causeId: recorded.id, type: message.type, content: chatNoticeText(message.notice), notice: message.notice }] : []),
    ...(event.type === 'BetCancelled' || event.type === 'BetExpired' ? [{ kind: 'close' as const, chatId, causeId: recorded.id, reason: event.type === 'BetCancelled' ? ('cancelled' as const) : ('expired' as const) }] : []),
  ];
}

/**
 * The messages of a batch of events go into their chats in one append across those chats
 * (`writeSystemSteps`): a second report and the settlement it made, or many bets' events under
 * load, are one transaction. A bet that ended before it was accepted has no chat: its steps are
 * dropped, the others written.
 */
export function chatSystemMessagesReactor(deps: AppDeps): Reactor {
  return {
    name: 'chat-system-messages',
    eventTypes: ['ChatCreated', ...BET_EVENTS],
    handle: (recorded: RecordedEvent) => writeSystemSteps(deps, stepsOf(recorded)),
    handleBatch: (events: readonly RecordedEvent[]) => writeSystemSteps(deps, events.flatMap(stepsOf)),
  };
}
