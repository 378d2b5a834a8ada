/** The events of a bet's chat stream `chat-<chatId>`. Messages come later; this is the chat's creation. */
export type ChatEvent = {
  type: 'ChatCreated';
  data: { chatId: string; betId: string; participant1Id: string; participant2Id: string; createdAt: string };
};
export const CHAT_EVENT_TYPES = ['ChatCreated'] as const;
export const chatStreamId = (chatId: string): string => `chat-${chatId}`;
