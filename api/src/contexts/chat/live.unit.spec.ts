// Proves who comes to hear of a chat's stream by its events alone (no query): both players on its creation, the moderator when they join.
import { describe, expect, it } from 'vitest';
import { chatLive } from './live.js';

const grants = (type: string, streamId: string, data: unknown) => chatLive.grants!({ type, streamId, data });

describe('chat live grants', () => {
  it('names the players on creation, the moderator on joining, and nobody for messages', () => {
    expect(grants('ChatCreated', 'chat-9', { participant1Id: 'alice', participant2Id: 'carol' })).toEqual([
      { userId: 'alice', streamId: 'chat-9' },
      { userId: 'carol', streamId: 'chat-9' },
    ]);
    expect(grants('ModeratorJoined', 'chat-9', { chatId: '9', moderatorId: 'mod' })).toEqual([{ userId: 'mod', streamId: 'chat-9' }]);
    expect(grants('MessagePosted', 'chat-9', { chatId: '9', senderId: 'alice' })).toEqual([]);
  });
});
