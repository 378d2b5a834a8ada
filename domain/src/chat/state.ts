import type { ChatEvent } from './events.js';

export type ChatState = { readonly status: 'none' } | { readonly status: 'open'; readonly chatId: string; readonly betId: string; readonly participants: readonly [string, string] };

export const initialState = (): ChatState => ({ status: 'none' });

export function evolve(_state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'ChatCreated':
      return { status: 'open', chatId: event.data.chatId, betId: event.data.betId, participants: [event.data.participant1Id, event.data.participant2Id] };
    default: {
      const unexpected: never = event.type;
      return unexpected;
    }
  }
}
