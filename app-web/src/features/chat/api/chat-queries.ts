import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MESSAGE_LENGTH_MAX, MESSAGES_PAGE_SIZE_DEFAULT } from '@wager/domain/chat/rules';
import type { ChatMessageType, ChatView, MessageView, ModerationChatView, PostMessageBody } from '@wager/domain/contracts/chat';
import { apiRequest, isProcessing, type ProcessingAnswer } from '../../../lib/api-client';

/** The chat API's shapes are its contract's (`@wager/domain/contracts/chat`); these names are the screens'. */
export type Chat = ChatView;
/** A chat in the moderators' queue (GET /api/moderation/chats): the bet it belongs to, in short. */
export type ModerationChat = ModerationChatView;
export type { ChatMessageType };
export type ChatMessage = MessageView;
/** A platform message as data (docs/api/chat.md, "Notices"): rendered in the reader's language by `noticeText`. */
export type ChatNotice = NonNullable<MessageView['notice']>;

/** Spec section 6/9: a message holds at most 500 characters; the counter shows above 400. */
export const CHAT_MESSAGE_MAX_LENGTH = MESSAGE_LENGTH_MAX;
export const CHAT_COUNTER_FROM_LENGTH = 400;
/** Messages per page of history (GET …/messages?limit=). */
export const CHAT_PAGE_SIZE = MESSAGES_PAGE_SIZE_DEFAULT;

export type MessagePages = InfiniteData<ChatMessage[], string | null>;

/**
 * Chat reads keyed by API path from general to specific (TkDodo). `byBet` is the chat of a bet;
 * `messages` its history in pages of 50 (each oldest first). The first page is the newest; each
 * next page is the one before it (`before=<oldest id shown>`), fetched when the reader scrolls up.
 * Going from newest to oldest keeps a refetch (a `chat-…` change, a reconnect) correct: react-query
 * refetches the first page and derives every following page from the one it just fetched.
 */
export const chatQueries = {
  all: () => ['/api/chats'] as const,
  byBet: (betId: string) =>
    queryOptions({ queryKey: [...chatQueries.all(), betId] as const, queryFn: () => apiRequest<Chat>('GET', `/api/chats/${encodeURIComponent(betId)}`), retry: false }),
  /** The chats that asked for a moderator: how a moderator reaches a chat they may not read yet. */
  moderationQueue: () =>
    queryOptions({
      queryKey: [...chatQueries.all(), 'moderation', 'requested'] as const,
      queryFn: () => apiRequest<ModerationChat[]>('GET', '/api/moderation/chats?status=requested'),
      retry: false,
    }),
  messages: (chatId: string) =>
    infiniteQueryOptions({
      queryKey: [...chatQueries.all(), chatId, 'messages'] as const,
      initialPageParam: null as string | null,
      queryFn: ({ pageParam }) => {
        const search = new URLSearchParams({ limit: String(CHAT_PAGE_SIZE) });
        if (pageParam) search.set('before', pageParam);
        return apiRequest<ChatMessage[]>('GET', `/api/chats/${encodeURIComponent(chatId)}/messages?${search.toString()}`);
      },
      // A short page is the start of the chat: nothing older to ask for.
      getNextPageParam: (older: ChatMessage[]) => (older.length >= CHAT_PAGE_SIZE ? older[0]?.id : undefined) ?? undefined,
    }),
};

/** Adds a delivered message to the newest (first) page unless it is already there (a resend, a refetch). */
export function appendMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data || data.pages.some((page) => page.some((item) => item.id === message.id))) return data;
  const [newest = [], ...older] = data.pages;
  return { ...data, pages: [[...newest, message], ...older] };
}

/** The history as read: oldest first, across the pages (which go newest to oldest). */
export function historyOf(data: { pages: ChatMessage[][] } | undefined): ChatMessage[] {
  return data ? [...data.pages].reverse().flat() : [];
}

function useChatMutation(chatId: string | undefined, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Chat>('POST', `/api/chats/${encodeURIComponent(chatId ?? '')}/${path}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueries.all() }),
  });
}

export const useInviteModerator = (chatId: string | undefined) => useChatMutation(chatId, 'invite-moderator');
export const useJoinAsModerator = (chatId: string | undefined) => useChatMutation(chatId, 'join');

/** The REST fallback for a message when no socket is connected; the clientMessageId makes a resend land once. */
export function usePostMessage(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Required<PostMessageBody>) => apiRequest<ChatMessage | ProcessingAnswer>('POST', `/api/chats/${encodeURIComponent(chatId)}/messages`, input),
    // A 202 (stored, not yet readable) is left to the live `new_message`.
    onSuccess: (message) => {
      if (!isProcessing(message)) queryClient.setQueryData<MessagePages>(chatQueries.messages(chatId).queryKey, (data) => appendMessage(data, message));
    },
  });
}
