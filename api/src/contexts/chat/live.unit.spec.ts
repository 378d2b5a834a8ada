// Proves who comes to hear of a chat's stream by its events alone (no query): both players on its creation, the moderator when they join; a new moderator hears the moderation queue, which every request's step changes.
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

describe('the moderation queue topic', () => {
  it('is granted to a user made a moderator, not to one whose role is taken away', () => {
    expect(grants('ModeratorRoleSet', 'user-u1', { userId: 'u1', isModerator: true })).toEqual([{ userId: 'u1', streamId: 'moderation-queue' }]);
    expect(grants('ModeratorRoleSet', 'user-u1', { userId: 'u1', isModerator: false })).toEqual([]);
  });
  it('changes with a request and each of its steps, not with messages or a join without a request', () => {
    const topics = (type: string) => chatLive.topics!({ type, streamId: 'chat-9', data: {} });
    for (const type of ['ModeratorRequested', 'ModerationClaimed', 'ModerationEscalated', 'ModerationResolved']) expect(topics(type)).toEqual(['moderation-queue']);
    for (const type of ['MessagePosted', 'ChatCreated', 'ModeratorJoined', 'ChatClosed']) expect(topics(type)).toEqual([]);
  });
});
