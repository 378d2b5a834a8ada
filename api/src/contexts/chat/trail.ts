/** The chat context's part of the dispute trail: the bet's chat stream, each message with its sender and text. */
import { chatIdOfBet, chatStreamId, type MessagePostedData } from '@wager/domain/chat/index';
import { entryOf, type TrailContributor } from '../../runtime/trail.js';

export const chatTrail: TrailContributor = async (deps, betId) => {
  const streamId = chatStreamId(chatIdOfBet(betId));
  const events = await deps.store.readStream(streamId);
  const entries = events.map((event) => {
    if (event.type !== 'MessagePosted') return entryOf('chat', 'event', event);
    const m = event.data as MessagePostedData;
    return entryOf('chat', 'chat', event, { message: { senderId: m.senderId, type: m.type, content: m.content } });
  });
  return { entries, streams: events.length > 0 ? [streamId] : [] };
};
