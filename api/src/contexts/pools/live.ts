/**
 * Who hears of the pools context's streams over /ws: a pool's creator and participants hear of
 * `pool-<id>` (joins, live standings, start, cancel, settlement); every signed-in socket hears
 * when a public pool opens, fills up or closes (the public list). Decided once per socket
 * (streamsOf) and kept current by the events that add people (grants).
 */
import { parseStreamId } from '@wager/domain';
import { openPublicPoolIds, poolIdsOfUser } from '@wager/projections/pools/queries';
import type { LiveEvent, LiveRules, StreamGrant } from '../../runtime/visibility.js';

export const LIVE_POOLS_PER_USER_MAX = 1000;
export const OPEN_PUBLIC_POOLS_TRACKED_MAX = 10_000;

function grants(event: LiveEvent): StreamGrant[] {
  if (event.type === 'PoolCreated') return [{ userId: (event.data as { creatorId: string }).creatorId, streamId: event.streamId }];
  if (event.type === 'PoolJoined') return [{ userId: (event.data as { userId: string }).userId, streamId: event.streamId }];
  return [];
}

const CHANGES_OF_AN_OPEN_POOL = new Set(['PoolJoined', 'PoolStarted', 'PoolCancelled']);

function openPublicPools() {
  const open = new Set<string>();
  return {
    async warmUp(db: Parameters<NonNullable<LiveRules['streamsOf']>>[0]) {
      for (const poolId of await openPublicPoolIds(db, OPEN_PUBLIC_POOLS_TRACKED_MAX)) open.add(poolId);
    },
    includes(event: LiveEvent) {
      const poolId = parseStreamId(event.streamId).id;
      if (event.type === 'PoolCreated') {
        const isPublic = (event.data as { isPrivate?: boolean }).isPrivate === false;
        if (isPublic && open.size < OPEN_PUBLIC_POOLS_TRACKED_MAX) open.add(poolId);
        return isPublic;
      }
      if (!CHANGES_OF_AN_OPEN_POOL.has(event.type) || !open.has(poolId)) return false;
      if (event.type !== 'PoolJoined') open.delete(poolId);
      return true;
    },
  };
}

export const poolsLive: LiveRules = {
  broadcasts: openPublicPools(),
  async streamsOf(db, userId) {
    return (await poolIdsOfUser(db, userId, LIVE_POOLS_PER_USER_MAX)).map((poolId) => `pool-${poolId}`);
  },
  grants,
};
