import { ValidationError } from '../shared/errors.js';
import type { ChatCommand } from './commands.js';
import type { ChatEvent } from './events.js';
import type { ChatState } from './state.js';

/** A bet's chat exists once the bet is accepted (spec section 4); creating it again is a no-op. */
export function decide(command: ChatCommand, state: ChatState): ChatEvent[] {
  switch (command.type) {
    case 'CreateChat': {
      const c = command.data;
      if (state.status === 'open') return [];
      if (c.participant1Id === c.participant2Id) throw new ValidationError('A chat needs two different participants');
      return [{ type: 'ChatCreated', data: { chatId: c.chatId, betId: c.betId, participant1Id: c.participant1Id, participant2Id: c.participant2Id, createdAt: command.metadata.now.toISOString() } }];
    }
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown chat command ${String(unexpected)}`);
    }
  }
}
