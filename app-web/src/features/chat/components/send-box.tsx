import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/primitives';
import { CHAT_COUNTER_FROM_LENGTH, CHAT_MESSAGE_MAX_LENGTH } from '../api/chat-queries';

/**
 * The send box of spec section 6: at most 500 characters, a counter above 400, nothing sent when
 * empty or whitespace, Enter sends and Shift+Enter starts a new line, disabled while the socket
 * is disconnected. `onSend` returns whether the message left, so a failed send keeps the text.
 */
export function SendBox({ disabled, placeholder, onSend }: { disabled: boolean; placeholder: string; onSend: (content: string) => boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const content = text.trim();
  const canSend = !disabled && content.length > 0 && text.length <= CHAT_MESSAGE_MAX_LENGTH;

  const send = () => {
    if (!canSend) return;
    if (onSend(content)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="chat-send"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {text.length > CHAT_COUNTER_FROM_LENGTH ? (
        <p className="chat-counter" data-testid="chat-counter" aria-live="polite">
          {t('chat.counter', { count: text.length, max: CHAT_MESSAGE_MAX_LENGTH })}
        </p>
      ) : null}
      <div className="chat-send-row">
        <textarea
          className="input chat-input"
          aria-label={t('chat.messageLabel')}
          placeholder={disabled ? t('chat.placeholderDisconnected') : placeholder}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          rows={2}
          disabled={disabled}
          onChange={(event) => setText(event.target.value.slice(0, CHAT_MESSAGE_MAX_LENGTH))}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!canSend}>
          {t('chat.send')}
        </Button>
      </div>
    </form>
  );
}
