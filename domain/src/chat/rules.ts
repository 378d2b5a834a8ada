import { z } from 'zod';

/** The spec's limit (section "Chat"): a message is at most 500 characters once trimmed. */
export const MESSAGE_LENGTH_MAX = 500;
/** At most this many messages per sender per chat in the window below. */
export const MESSAGES_PER_WINDOW_MAX = 10;
export const MESSAGE_WINDOW_MS = 10_000;
/** Page sizes of GET /api/chats/:chatId/messages. */
export const MESSAGES_PAGE_SIZE_DEFAULT = 50;
export const MESSAGES_PAGE_SIZE_MAX = 100;

/** The longest note a moderator writes when resolving, and reason when escalating, once trimmed. */
export const MODERATION_NOTE_LENGTH_MAX = 1000;
/** The most requests the moderation queue lists at once. */
export const MODERATION_QUEUE_SIZE_MAX = 200;

export const chatMessages = {
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${MESSAGE_LENGTH_MAX} characters`,
  invalidCharacters: 'Message contains invalid characters',
  tooFast: 'You are sending messages too fast',
  notParticipant: 'Only the participants and the moderator can post in this chat',
  closed: 'This chat is closed',
  notFound: 'Chat not found',
  moderatorAlreadyRequested: 'A moderator has already been requested for this chat',
  onlyParticipantsInvite: 'Only the participants can invite a moderator',
  moderatorAlreadyJoined: 'Another moderator has already joined this chat',
  participantCannotModerate: 'A participant cannot moderate their own chat',
  notModerator: 'Only moderators can join a chat as moderator',
  sameKeyOtherText: 'This message id was already used for another message',
  moderatorsOnly: 'Only moderators and admins can use the moderation queue',
  moderationNotFound: 'Moderation request not found',
  moderationNotRequested: 'No moderator was requested for this chat',
  moderationClaimedByOther: 'Another moderator has already claimed this request',
  moderationNotClaimed: 'Claim this request before resolving or escalating it',
  moderationNotClaimant: 'Only the moderator who claimed this request can resolve or escalate it',
  moderationEscalated: 'This request was handed to an admin',
  moderationAdminOnly: 'Only an admin can resolve a request handed to an admin',
  moderationResolved: 'This moderation request is already resolved',
  noteRequired: 'A note is required',
  noteTooLong: `The note must be at most ${MODERATION_NOTE_LENGTH_MAX} characters`,
  reasonRequired: 'A reason is required',
  reasonTooLong: `The reason must be at most ${MODERATION_NOTE_LENGTH_MAX} characters`,
} as const;

/** NUL and every control character except the newline (and carriage return before it). */
// eslint-disable-next-line no-control-regex
const INVALID_CHARACTERS = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;

/** The content as stored: trimmed, 1–500 characters, no control characters other than newlines. */
export const messageContentSchema = z
  .string()
  .transform((s) => s.trim())
  .superRefine((s, ctx) => {
    if (s.length === 0) ctx.addIssue({ code: 'custom', message: chatMessages.empty, params: { code: 'message_empty' } });
    else if (s.length > MESSAGE_LENGTH_MAX) ctx.addIssue({ code: 'custom', message: chatMessages.tooLong, params: { code: 'message_too_long', max: MESSAGE_LENGTH_MAX } });
    else if (INVALID_CHARACTERS.test(s)) ctx.addIssue({ code: 'custom', message: chatMessages.invalidCharacters, params: { code: 'message_invalid_characters' } });
  });

/** A trimmed text of 1–MODERATION_NOTE_LENGTH_MAX characters, with the given refusals (shared by the server and the form). */
function moderationTextSchema(required: { message: string; code: string }, tooLong: { message: string; code: string }) {
  return z
    .string()
    .transform((s) => s.trim())
    .superRefine((s, ctx) => {
      if (s.length === 0) ctx.addIssue({ code: 'custom', message: required.message, params: { code: required.code } });
      else if (s.length > MODERATION_NOTE_LENGTH_MAX) ctx.addIssue({ code: 'custom', message: tooLong.message, params: { code: tooLong.code, max: MODERATION_NOTE_LENGTH_MAX } });
      else if (INVALID_CHARACTERS.test(s)) ctx.addIssue({ code: 'custom', message: chatMessages.invalidCharacters, params: { code: 'message_invalid_characters' } });
    });
}
/** ResolveModeration's note. */
export const moderationNoteSchema = moderationTextSchema({ message: chatMessages.noteRequired, code: 'note_required' }, { message: chatMessages.noteTooLong, code: 'note_too_long' });
/** EscalateToAdmin's reason. */
export const escalationReasonSchema = moderationTextSchema({ message: chatMessages.reasonRequired, code: 'reason_required' }, { message: chatMessages.reasonTooLong, code: 'reason_too_long' });
