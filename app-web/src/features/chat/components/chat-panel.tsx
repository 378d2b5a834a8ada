import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import { useLiveChannel } from '../../../lib/live-channel';
import type { ErrorMessage, NewMessageMessage } from '@wager/domain/contracts/ws';
import type { LiveMessage } from '../../../lib/live-updates';
import { useConnectionStatus } from '../../../lib/live-updates-context';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { appendMessage, chatQueries, historyOf, useInviteModerator, useJoinAsModerator, usePostMessage, type Chat, type MessagePages } from '../api/chat-queries';
import { MessageList } from './message-list';
import { SendBox } from './send-box';

function isMessageFor(message: LiveMessage, chatId: string): message is NewMessageMessage {
  return message.type === 'new_message' && message.chatId === chatId;
}

/** A socket `error` event in the user's language: by its `code` when known, like any refusal (`errorMessage`). */
function socketErrorText(message: ErrorMessage): string {
  return errorMessage(Object.assign(new Error(message.error), { code: message.code, params: message.params }), message.error);
}

/**
 * Follows the chat over the live socket: joins it (again after every reconnect), appends each
 * delivered message to the history (deduplicated by id, so a refetch or a resend is harmless) and
 * shows the server's error events as a 'Connection Error' toast.
 */
function useChatSubscription(chatId: string) {
  const channel = useLiveChannel();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  // A language change must not join the chat again: the listener reads the current `t` through a ref.
  const translate = useRef(t);
  translate.current = t;
  useEffect(
    () =>
      channel.subscribe({ type: 'join_chat', chatId }, (message) => {
        if (isMessageFor(message, chatId)) {
          queryClient.setQueryData<MessagePages>(chatQueries.messages(chatId).queryKey, (data) => appendMessage(data, message.message));
        } else if (message.type === 'error') {
          toast({ title: translate.current('chat.connectionErrorTitle'), description: socketErrorText(message), type: 'error' });
        }
      }),
    [channel, chatId, queryClient],
  );
  return channel;
}

/** "Failed to connect to chat server" once when the socket gives up being reachable (offline). */
function useConnectFailureToast(offline: boolean) {
  const { t } = useTranslation();
  const shown = useRef(false);
  useEffect(() => {
    if (!offline) {
      shown.current = false;
      return;
    }
    if (shown.current) return;
    shown.current = true;
    toast({ title: t('chat.connectionErrorTitle'), description: t('chat.connectFailed'), type: 'error' });
  }, [offline, t]);
}

/** Moderators and admins take a chat on; afterwards the chat reads (and the socket) include them. */
export function JoinAsModeratorButton({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const join = useJoinAsModerator(chatId);
  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: () => toast({ title: t('chat.joinedTitle'), description: t('chat.joinedText'), type: 'success' }),
      onError: (error) => toast({ title: t('chat.joinFailedTitle'), description: errorMessage(error, t('common.error')), type: 'error' }),
    });
  return (
    <Button size="sm" disabled={join.isPending} onClick={onJoin}>
      {t('chat.joinAsModerator')}
    </Button>
  );
}

function ModerationControls({ chat, user, isParticipant }: { chat: Chat; user: User | null | undefined; isParticipant: boolean }) {
  const { t } = useTranslation();
  const invite = useInviteModerator(chat.id);
  const canModerate = Boolean(user && (user.isModerator || user.isAdmin));
  const onInvite = () =>
    invite.mutate(undefined, {
      onSuccess: () => toast({ title: t('chat.inviteSuccessTitle'), description: t('chat.inviteSuccessText'), type: 'success' }),
      onError: (error) => toast({ title: t('chat.inviteFailedTitle'), description: errorMessage(error, t('common.error')), type: 'error' }),
    });
  return (
    <div className="chat-moderation">
      {chat.moderatorId ? (
        <Badge tone="success" data-testid="chat-moderated">
          {t('chat.moderated')}
        </Badge>
      ) : chat.isModeratorRequested ? (
        <Badge tone="warning" data-testid="chat-moderator-requested">
          {t('chat.moderatorRequested')}
        </Badge>
      ) : isParticipant ? (
        <Button variant="secondary" size="sm" disabled={invite.isPending} onClick={onInvite}>
          {t('chat.inviteModerator')}
        </Button>
      ) : null}
      {canModerate && !isParticipant && !chat.moderatorId ? <JoinAsModeratorButton chatId={chat.id} /> : null}
    </div>
  );
}

/** The chat panel of the Match Chat screen: connection badge, moderation badges, history and send box. */
export function ChatPanel({ chat, user }: { chat: Chat; user: User | null | undefined }) {
  const { t } = useTranslation();
  const status = useConnectionStatus();
  const channel = useChatSubscription(chat.id);
  useConnectFailureToast(status === 'offline');
  const history = useInfiniteQuery(chatQueries.messages(chat.id));
  const post = usePostMessage(chat.id);
  const messages = useMemo(() => historyOf(history.data), [history.data]);
  const connected = status === 'connected';
  const isParticipant = user?.id === chat.participant1Id || user?.id === chat.participant2Id;
  const isModerator = Boolean(user && chat.moderatorId === user.id);

  const send = (content: string): boolean => {
    const clientMessageId = crypto.randomUUID();
    if (channel.send({ type: 'chat_message', chatId: chat.id, content, clientMessageId })) return true;
    // No socket after all (it dropped between render and send): REST stores it once by clientMessageId.
    post.mutate({ content, clientMessageId }, { onError: (error) => toast({ title: t('chat.sendFailedTitle'), description: errorMessage(error), type: 'error' }) });
    return true;
  };

  const connection = connected ? 'connected' : status === 'connecting' || status === 'reconnecting' ? 'connecting' : 'disconnected';
  return (
    <Card className="chat-panel" data-testid="chat-panel">
      <div className="chat-panel-header">
        <h2 className="card-title">{t('chat.panelTitle')}</h2>
        <Badge tone={connected ? 'success' : connection === 'connecting' ? 'warning' : 'danger'} data-testid="chat-connection" data-status={connection}>
          {t(`chat.connection.${connection}`)}
        </Badge>
        <ModerationControls chat={chat} user={user} isParticipant={isParticipant} />
      </div>
      <MessageList
        messages={messages}
        viewerId={user?.id}
        moderatorId={chat.moderatorId}
        hasOlder={history.hasNextPage}
        loadingOlder={history.isFetchingNextPage}
        onLoadOlder={() => void history.fetchNextPage()}
      />
      {chat.isClosed ? <p className="muted">{t('chat.closed')}</p> : null}
      {(isParticipant || isModerator) && !chat.isClosed ? (
        <SendBox disabled={!connected} placeholder={isModerator ? t('chat.placeholderModerator') : t('chat.placeholder')} onSend={send} />
      ) : null}
    </Card>
  );
}
