// Proves who comes to hear of a bet's streams by its events alone (no query): the challenger and invited opponent on creation and the opponent on acceptance (the chat's are the chat context's).
import { describe, expect, it } from 'vitest';
import { betsLive } from './live.js';

const grants = (type: string, streamId: string, data: unknown) => betsLive.grants!({ type, streamId, data });

describe('bets live grants', () => {
  it('names the people each event lets hear of its stream, and nobody for other events', () => {
    expect(grants('BetCreated', 'bet-1', { betId: '1', challengerId: 'alice', invitedOpponentId: null })).toEqual([{ userId: 'alice', streamId: 'bet-1' }]);
    expect(grants('BetCreated', 'bet-1', { betId: '1', challengerId: 'alice', invitedOpponentId: 'bob' })).toEqual([
      { userId: 'alice', streamId: 'bet-1' },
      { userId: 'bob', streamId: 'bet-1' },
    ]);
    expect(grants('BetAccepted', 'bet-1', { betId: '1', opponentId: 'carol' })).toEqual([{ userId: 'carol', streamId: 'bet-1' }]);
    expect(grants('ChatCreated', 'chat-9', { participant1Id: 'alice', participant2Id: 'carol' })).toEqual([]);
    expect(grants('BetSettled', 'bet-1', { winnerId: 'alice' })).toEqual([]);
  });
});
