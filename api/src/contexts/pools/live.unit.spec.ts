// Proves who comes to hear of a pool's stream by its events alone (the creator on creation, each participant on joining), and which changes every signed-in socket hears: a public pool opening, gaining an entry and closing, never a private pool nor a pool's later events.
import { describe, expect, it } from 'vitest';
import { poolsLive } from './live.js';

const grants = (type: string, streamId: string, data: unknown) => poolsLive.grants!({ type, streamId, data });

describe('pools live rules', () => {
  it('grants the creator and each participant, nobody for other events', () => {
    expect(grants('PoolCreated', 'pool-1', { poolId: '1', creatorId: 'alice', isPrivate: true })).toEqual([{ userId: 'alice', streamId: 'pool-1' }]);
    expect(grants('PoolJoined', 'pool-1', { poolId: '1', userId: 'bob' })).toEqual([{ userId: 'bob', streamId: 'pool-1' }]);
    expect(grants('PoolSettled', 'pool-1', { poolId: '1' })).toEqual([]);
  });

  it('broadcasts a public pool while it is open, and never a private one', () => {
    const broadcast = poolsLive.broadcasts!;
    const event = (type: string, id: string, data: unknown = {}) => broadcast.includes({ type, streamId: `pool-${id}`, data });
    expect(event('PoolCreated', 'a', { isPrivate: false })).toBe(true);
    expect(event('PoolJoined', 'a')).toBe(true);
    expect(event('PoolStarted', 'a')).toBe(true);
    expect(event('PoolStandingsUpdated', 'a')).toBe(false);
    expect(event('PoolJoined', 'a')).toBe(false);
    expect(event('PoolCreated', 'b', { isPrivate: true })).toBe(false);
    expect(event('PoolJoined', 'b')).toBe(false);
    expect(event('PoolCreated', 'c', { isPrivate: false })).toBe(true);
    expect(event('PoolCancelled', 'c')).toBe(true);
    expect(event('PoolCancelled', 'c')).toBe(false);
  });
});
