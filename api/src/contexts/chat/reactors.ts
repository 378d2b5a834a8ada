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
import { chatIdOfBet, type ChatEvent, type ChatNotice } from '@wager/domain/chat/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { closeChat, postSystemMessage } from './commands.js';

const BET_EVENTS = ['BetResultReported', 'BetDisputed', 'DisputeResolved', 'BetSettled', 'BetVoided', 'BetCancelled', 'BetExpired', 'AppealFiled', 'AppealDecided'] as const;

async function usernameOf(deps: AppDeps, userId: string | null): Promise<string> {
  if (!userId) return 'nobody';
  const row = await deps.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? 'a player';
}

type SystemMessage = { type: 'system' | 'dispute'; content: string; notice: ChatNotice };

/**
 * The message a bet event writes into its chat, or null: its kind and data (`notice`, which the
 * apps render in the reader's language, issue 29) and the English `content` older clients show.
 */
async function systemMessageOf(deps: AppDeps, event: BetEvent): Promise<SystemMessage | null> {
  switch (event.type) {
    case 'BetResultReported':
      return {
        type: 'system',
        content: `${await usernameOf(deps, event.data.reporterId)} reported: ${event.data.result}`,
        notice: { kind: 'result_reported', params: { reporterId: event.data.reporterId, result: event.data.result } },
      };
    case 'BetDisputed':
      return { type: 'dispute', content: `The result is disputed: ${event.data.reason}`, notice: { kind: 'dispute_opened', params: { reason: event.data.reason } } };
    case 'DisputeResolved': {
      const winner = event.data.winnerId ? `winner ${await usernameOf(deps, event.data.winnerId)}` : 'no winner';
      const notes = event.data.adminNotes.trim();
      return {
        type: 'system',
        content: `An admin resolved the dispute: ${winner}${notes ? ` (${notes})` : ''}`,
        notice: { kind: 'dispute_resolved', params: { winnerId: event.data.winnerId, notes } },
      };
    }
    case 'BetSettled':
      return {
        type: 'system',
        content: `The bet is settled: ${await usernameOf(deps, event.data.winnerId)} won ${event.data.payoutAmount} ${event.data.currency}`,
        notice: { kind: 'bet_settled', params: { winnerId: event.data.winnerId, amount: event.data.payoutAmount, currency: event.data.currency } },
      };
    case 'BetVoided':
      return { type: 'system', content: 'The bet was voided and the stakes refunded', notice: { kind: 'bet_voided', params: { reason: event.data.reason } } };
    case 'BetCancelled':
      return { type: 'system', content: 'The bet was cancelled and the stakes refunded; this chat is closed', notice: { kind: 'bet_cancelled', params: {} } };
    case 'BetExpired':
      return { type: 'system', content: 'The bet expired and the stakes refunded; this chat is closed', notice: { kind: 'bet_expired', params: {} } };
    case 'AppealFiled':
      // Not the reason: it is the appellant's own words, sealed under their key on the bet (shown
      // with the appeal); a system message is sealed under no one's, so it would outlive their erasure.
      return {
        type: 'system',
        content: `${await usernameOf(deps, event.data.appellantId)} appealed the resolution`,
        notice: { kind: 'appeal_filed', params: { appellantId: event.data.appellantId } },
      };
    case 'AppealDecided': {
      const winner = event.data.winnerId ? `winner ${await usernameOf(deps, event.data.winnerId)}` : 'no winner';
      return {
        type: 'system',
        content: `An admin decided the appeal: ${event.data.outcome === 'upheld' ? 'the resolution stands' : 'the resolution is overturned'} (${winner})`,
        notice: { kind: 'appeal_decided', params: { outcome: event.data.outcome, winnerId: event.data.winnerId, notes: event.data.notes.trim() } },
      };
    }
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
          await postSystemMessage(deps, chatId, recorded.id, 'system', 'The challenge was accepted. Agree on a match time here.', { kind: 'challenge_accepted', params: {} });
          return;
        }
        const event = { type: recorded.type, data: recorded.data } as BetEvent;
        const chatId = chatIdOfBet(event.data.betId);
        const message = await systemMessageOf(deps, event);
        if (message) await postSystemMessage(deps, chatId, recorded.id, message.type, message.content, message.notice);
        if (event.type === 'BetCancelled' || event.type === 'BetExpired') await closeChat(deps, chatId, recorded.id, event.type === 'BetCancelled' ? 'cancelled' : 'expired');
      } catch (error) {
        // A bet that ended before it was accepted has no chat: nothing to write.
        if (error instanceof NotFoundError) return;
        throw error;
      }
    },
  };
}
