/**
 * The chat's system messages: the chat context hears the bets context's events and writes what
 * happened into the bet's chat (accepted, each result, dispute, resolution, settlement, void,
 * cancel, expiry), and closes the chat of a cancelled or expired bet. Each message's id is derived
 * from the bet event's id, so handling an event again writes nothing twice.
 *
 * Why a reactor and not a read of the bet stream in commands.ts: the chat decides on its own
 * stream alone (one stream, one expected revision, no reading another context's stream), and the
 * closing is recorded where every later refusal can point at it. The price is a short lag after a
 * cancel or expiry during which a message can still be posted.
 */
import { NotFoundError, type RecordedEvent } from '@wager/domain';
import type { BetEvent } from '@wager/domain/bets/index';
import { chatIdOfBet, type ChatEvent } from '@wager/domain/chat/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { closeChat, postSystemMessage } from './commands.js';

const BET_EVENTS = ['BetResultReported', 'BetDisputed', 'DisputeResolved', 'BetSettled', 'BetVoided', 'BetCancelled', 'BetExpired'] as const;

async function usernameOf(deps: AppDeps, userId: string | null): Promise<string> {
  if (!userId) return 'nobody';
  const row = await deps.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? 'a player';
}

/** The message a bet event writes into its chat, or null. */
async function systemMessageOf(deps: AppDeps, event: BetEvent): Promise<{ type: 'system' | 'dispute'; content: string } | null> {
  switch (event.type) {
    case 'BetResultReported':
      return { type: 'system', content: `${await usernameOf(deps, event.data.reporterId)} reported: ${event.data.result}` };
    case 'BetDisputed':
      return { type: 'dispute', content: `The result is disputed: ${event.data.reason}` };
    case 'DisputeResolved': {
      const winner = event.data.winnerId ? `winner ${await usernameOf(deps, event.data.winnerId)}` : 'no winner';
      const notes = event.data.adminNotes.trim() ? ` (${event.data.adminNotes.trim()})` : '';
      return { type: 'system', content: `An admin resolved the dispute: ${winner}${notes}` };
    }
    case 'BetSettled':
      return { type: 'system', content: `The bet is settled: ${await usernameOf(deps, event.data.winnerId)} won ${event.data.payoutAmount} ${event.data.currency}` };
    case 'BetVoided':
      return { type: 'system', content: 'The bet was voided and the stakes refunded' };
    case 'BetCancelled':
      return { type: 'system', content: 'The bet was cancelled and the stakes refunded; this chat is closed' };
    case 'BetExpired':
      return { type: 'system', content: 'The bet expired and the stakes refunded; this chat is closed' };
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
          await postSystemMessage(deps, chatId, recorded.id, 'system', 'The challenge was accepted. Agree on a match time here.');
          return;
        }
        const event = { type: recorded.type, data: recorded.data } as BetEvent;
        const chatId = chatIdOfBet(event.data.betId);
        const message = await systemMessageOf(deps, event);
        if (message) await postSystemMessage(deps, chatId, recorded.id, message.type, message.content);
        if (event.type === 'BetCancelled' || event.type === 'BetExpired') await closeChat(deps, chatId, recorded.id, event.type === 'BetCancelled' ? 'cancelled' : 'expired');
      } catch (error) {
        // A bet that ended before it was accepted has no chat: nothing to write.
        if (error instanceof NotFoundError) return;
        throw error;
      }
    },
  };
}
