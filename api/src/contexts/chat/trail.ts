/** The chat context's part of the dispute trail: the bet's chat stream, each message with its sender and text, each event as a casebook line. */
import type { CasebookLine } from '@wager/domain/bets/casebook';
import { chatIdOfBet, chatStreamId, type ChatEvent, type MessagePostedData } from '@wager/domain/chat/index';
import { entryOf, type TrailContributor } from '../../runtime/trail.js';

/** What a chat event means, in the casebook's terms. */
export function chatCasebookLine(event: ChatEvent): CasebookLine {
  switch (event.type) {
    case 'ChatCreated':
      return { code: 'chat_opened', params: { participant1Id: event.data.participant1Id, participant2Id: event.data.participant2Id } };
    case 'MessagePosted':
      return { code: 'chat_message', params: { senderId: event.data.senderId, messageType: event.data.type, content: event.data.content } };
    case 'ModeratorRequested':
      return { code: 'moderator_requested', params: { requestedById: event.data.requestedBy } };
    case 'ModeratorJoined':
      return { code: 'moderator_joined', params: { moderatorId: event.data.moderatorId } };
    case 'ModerationClaimed':
      return { code: 'moderation_claimed', params: { moderatorId: event.data.moderatorId } };
    case 'ModerationResolved':
      return { code: 'moderation_resolved', params: { resolvedById: event.data.resolvedBy, note: event.data.note } };
    case 'ModerationEscalated':
      return { code: 'moderation_escalated', params: { escalatedById: event.data.escalatedBy, reason: event.data.reason } };
    case 'ChatClosed':
      return { code: 'chat_closed', params: { reason: event.data.reason } };
    case 'ChatPurged':
      return { code: 'chat_purged', params: { reason: event.data.reason, messageCount: event.data.messageCount, retentionDays: event.data.retentionDays } };
    case 'EvidencePurged':
      return { code: 'evidence_purged', params: { reason: event.data.reason, fileCount: event.data.files.length } };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const chatTrail: TrailContributor = async (deps, betId) => {
  const streamId = chatStreamId(chatIdOfBet(betId));
  const events = await deps.store.readStream(streamId);
  const entries = events.map((event) => {
    const summary = chatCasebookLine({ type: event.type, data: event.data } as ChatEvent);
    if (event.type !== 'MessagePosted') return entryOf('chat', 'event', event, { summary });
    const m = event.data as MessagePostedData;
    return entryOf('chat', 'chat', event, { message: { senderId: m.senderId, type: m.type, content: m.content }, summary });
  });
  return { entries, streams: events.length > 0 ? [streamId] : [] };
};
