import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/primitives';
import type { ChatMessage } from '../api/chat-queries';
import { noticeText } from './notice-text';
import { formatTime } from '../../../lib/date-time';

/** Within this many pixels of the end the reader counts as "at the bottom" and follows new messages. */
const AT_BOTTOM_SLACK_PX = 40;
/** Scrolling this close to the top asks for the previous page. */
const LOAD_OLDER_AT_PX = 24;

function MessageItem({ message, viewerId, moderatorId }: { message: ChatMessage; viewerId: string | undefined; moderatorId: string | null }) {
  const { t } = useTranslation();
  const time = formatTime(message.createdAt);
  if (message.type !== 'message') {
    // System notes, moderator invitations and disputes are the room's own voice: centred, set apart.
    return (
      <li className={`chat-message chat-message-${message.type}`} data-testid="chat-message" data-type={message.type}>
        {message.type === 'dispute' ? <Badge tone="danger">{t('chat.dispute')}</Badge> : null}
        <span>{noticeText(message, t)}</span>
        <time dateTime={message.createdAt}>{time}</time>
      </li>
    );
  }
  const own = message.senderId === viewerId;
  const byModerator = message.senderId === moderatorId;
  return (
    <li className={`chat-message ${own ? 'chat-message-own' : 'chat-message-other'}`} data-testid="chat-message" data-type="message" data-own={own}>
      <div className="chat-message-meta">
        <strong>{own ? t('chat.you') : (message.sender.username || '—')}</strong>
        {byModerator ? (
          <Badge tone="info" data-testid="moderator-badge">
            {t('chat.moderatorBadge')}
          </Badge>
        ) : null}
        <time dateTime={message.createdAt}>{time}</time>
      </div>
      <p className="chat-message-text">{message.content}</p>
    </li>
  );
}

/**
 * The history, oldest first. New messages scroll into view only when the reader is at the bottom;
 * older pages load when the reader reaches the top, and the view stays on the message they were
 * reading (the added height is added to the scroll position).
 */
export function MessageList(props: {
  messages: ChatMessage[];
  viewerId: string | undefined;
  moderatorId: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { t } = useTranslation();
  const { messages, hasOlder, loadingOlder, onLoadOlder } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef<{ firstId?: string; lastId?: string; height: number }>({ height: 0 });

  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const firstId = messages[0]?.id;
    const lastId = messages[messages.length - 1]?.id;
    const before = seen.current;
    if (before.firstId !== undefined && firstId !== before.firstId && lastId === before.lastId) {
      element.scrollTop += element.scrollHeight - before.height; // older page prepended
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    seen.current = { firstId, lastId, height: element.scrollHeight };
  }, [messages]);

  const onScroll = () => {
    const element = listRef.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_SLACK_PX;
    seen.current.height = element.scrollHeight;
    if (element.scrollTop <= LOAD_OLDER_AT_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div ref={listRef} className="chat-messages" data-testid="chat-messages" role="log" aria-label={t('chat.messagesLabel')} aria-live="polite" tabIndex={0} onScroll={onScroll}>
      {hasOlder ? (
        <button type="button" className="chat-load-older" disabled={loadingOlder} onClick={onLoadOlder}>
          {loadingOlder ? t('chat.loadingOlder') : t('chat.loadOlder')}
        </button>
      ) : null}
      {messages.length === 0 ? <p className="muted chat-empty">{t('chat.noMessages')}</p> : null}
      <ol className="chat-message-items">
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} viewerId={props.viewerId} moderatorId={props.moderatorId} />
        ))}
      </ol>
    </div>
  );
}
