/**
 * The live context's part of the dispute trail: every event of the bet's match stream (what the
 * provider saw, manual reports, the tracker's suggestion and reports that contradict it), each
 * with who reported it: a provider, a player, an admin or the system.
 */
import { actorOf, matchStreamId, type LiveEvent } from '@wager/domain/live/index';
import { entryOf, type TrailContributor } from '../../runtime/trail.js';

export const liveTrail: TrailContributor = async (deps, betId) => {
  const streamId = matchStreamId(betId);
  const events = await deps.store.readStream(streamId);
  const entries = events.map((event) => {
    const reporter = (event.data as LiveEvent['data']).reporter;
    const entry = entryOf('live', 'event', event);
    return reporter ? { ...entry, actor: actorOf(reporter) } : entry;
  });
  return { entries, streams: events.length > 0 ? [streamId] : [] };
};
