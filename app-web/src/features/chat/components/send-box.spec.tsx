// Proves the send box rules of spec section 6: counter above 400, limit 500, Enter sends and Shift+Enter does not, whitespace is not sent, disabled while disconnected.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH } from '../api/chat-queries';
import { SendBox } from './send-box';

function renderBox(disabled = false) {
  const onSend = vi.fn((_content: string) => true);
  render(<SendBox disabled={disabled} placeholder="Type a message..." onSend={onSend} />);
  return { onSend, input: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

describe('SendBox', () => {
  it('given text, Enter sends it trimmed and clears the box, while Shift+Enter adds a new line', async () => {
    const { onSend, input } = renderBox();
    await userEvent.type(input, 'first line{Shift>}{Enter}{/Shift}second');
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('first line\nsecond');
    await userEvent.type(input, '  {Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond');
    expect(input.value).toBe('');
  });

  it('given only whitespace, neither Enter nor the button sends', async () => {
    const { onSend, input } = renderBox();
    await userEvent.type(input, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows the counter only above 400 characters and keeps at most 500', async () => {
    const { input } = renderBox();
    await userEvent.click(input);
    await userEvent.paste('a'.repeat(400));
    expect(screen.queryByTestId('chat-counter')).not.toBeInTheDocument();
    await userEvent.type(input, 'b');
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('401/500');
    await userEvent.paste('c'.repeat(200));
    expect(input.value).toHaveLength(CHAT_MESSAGE_MAX_LENGTH);
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('500/500');
  });

  it('given a disconnected socket, the box and the button are disabled', () => {
    const { input } = renderBox(true);
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', 'Waiting for the connection…');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
