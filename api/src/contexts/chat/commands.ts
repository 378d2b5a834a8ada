/**
 * The only code that appends to chat streams (`chat-<chatId>`), through the one command pipeline.
 * Every event id is deterministic (docs/ledger.md): a person's keyed message by its key and text,
 * a message without a key by a fresh id, moderator steps by (chat, step, user), system messages
 * and the closing by the bet event that caused them. A platform message names people by user id
 * in its notice only; its text is the notice's rendering naming nobody (readers put names back).
 */
import { createHash } from 'node:crypto';
import { NotFoundError, decidedAt, type Position } from '@wager/domain';
import { chatDecider, chatNoticeText, chatStepId, chatStreamId, keyedMessageIds, type ChatClosedReason, type ChatCommand, type ChatEvent, type ChatNotice, type PostSystemMessage, type PurgeReason, type PurgedEvidenceFile } from '@wager/domain/chat/index';
import type { AppDeps } from '../../deps.js';
import { runCommand, runCommandBatch, type BatchCommand } from '../../runtime/command-pipeline.js';

export interface Posted {
  readonly messageId: string;
  /** False when the read models did not show it within the wait. */
  readonly visible: boolean;
}

async function run(deps: AppDeps, chatId: string, command: ChatCommand, eventIds: (events: ChatEvent[]) => string[], waitForReadModels = true) {
  return runCommand(deps, { streamId: chatStreamId(chatId), decider: chatDecider, command, eventIds }, { waitForReadModels });
}

/** A person's message. With `clientMessageId`, a resend of the same text is one message (201 again, same id). */
export async function postMessage(deps: AppDeps, input: { chatId: string; senderId: string; content: string; clientMessageId?: string | undefined }): Promise<Posted> {
  const ids = input.clientMessageId ? keyedMessageIds(input.chatId, input.senderId, input.clientMessageId, input.content) : { messageId: deps.ids.uuid(), eventId: null };
  const outcome = await run(
    deps,
    input.chatId,
    { type: 'PostMessage', data: { chatId: input.chatId, messageId: ids.messageId, senderId: input.senderId, content: input.content }, metadata: { now: deps.clock.now(), actor: input.senderId } },
    (events) => events.map(() => ids.eventId ?? ids.messageId),
  );
  return { messageId: ids.messageId, visible: outcome.visible };
}

/** A participant asks for a moderator: the request and a `moderator_invite` message, once per chat. */
export async function requestModerator(deps: AppDeps, chatId: string, userId: string): Promise<boolean> {
  const messageId = chatStepId(chatId, 'moderator-requested', 'message');
  const notice: ChatNotice = { kind: 'moderator_requested', params: { requesterId: userId } };
  const outcome = await run(deps, chatId, { type: 'RequestModerator', data: { chatId, requestedBy: userId, messageId, content: chatNoticeText(notice), notice }, metadata: { now: deps.clock.now(), actor: userId } }, () => [
    chatStepId(chatId, 'moderator-requested'),
    messageId,
  ]);
  return outcome.visible;
}

/** A moderator (or admin) joins: 'Moderated', with the message '{username} joined as moderator' (the name put back when read). */
export async function joinAsModerator(deps: AppDeps, chatId: string, moderatorId: string): Promise<boolean> {
  const messageId = chatStepId(chatId, 'moderator', moderatorId, 'message');
  const notice: ChatNotice = { kind: 'moderator_joined', params: { moderatorId } };
  // Joining a chat whose request is open also claims it (the same ids as a claim by this moderator).
  const outcome = await run(deps, chatId, { type: 'JoinAsModerator', data: { chatId, moderatorId, messageId, content: chatNoticeText(notice), notice }, metadata: { now: deps.clock.now(), actor: moderatorId } }, moderationEventIds(chatId, moderatorId));
  return outcome.visible;
}

/** A platform step caused by the event `causeId`: a system message, or the chat's closing (the bet ended without a match). */
export type ChatSystemStep =
  | { readonly kind: 'message'; readonly chatId: string; readonly causeId: string; readonly type: PostSystemMessage['data']['type']; readonly content: string; readonly notice?: ChatNotice | undefined }
  | { readonly kind: 'close'; readonly chatId: string; readonly causeId: string; readonly reason: ChatClosedReason };

/** The step's command and its event ids, derived from the cause (a repeat stores nothing). */
function systemCommand(deps: Pick<AppDeps, 'clock'>, step: ChatSystemStep): BatchCommand<ChatCommand, ChatEvent> {
  const metadata = { now: deps.clock.now(), actor: 'system', causationId: step.causeId };
  if (step.kind === 'close') {
    const id = chatStepId(step.causeId, 'chat-closed');
    return { streamId: chatStreamId(step.chatId), command: { type: 'CloseChat', data: { chatId: step.chatId, reason: step.reason }, metadata }, eventIds: () => [id] };
  }
  const messageId = chatStepId(step.causeId, 'chat-message');
  const data = { chatId: step.chatId, messageId, type: step.type, content: step.content, ...(step.notice ? { notice: step.notice } : {}) };
  return { streamId: chatStreamId(step.chatId), command: { type: 'PostSystemMessage', data, metadata }, eventIds: () => [messageId] };
}

/** A message of the platform, caused by the event `causeId` (its id is derived from it). */
export async function postSystemMessage(deps: AppDeps, chatId: string, causeId: string, type: PostSystemMessage['data']['type'], content: string, notice?: ChatNotice): Promise<Position | null> {
  const { command, eventIds } = systemCommand(deps, { kind: 'message', chatId, causeId, type, content, notice });
  return decidedAt(await run(deps, chatId, command, eventIds, false));
}

/**
 * Many platform steps, on one chat or several, appended in ONE transaction (the chat's messages of
 * a batch of bet events: a second report and its settlement together). A step on a chat that does
 * not exist (the bet ended before it was accepted) is dropped alone; the others are written.
 */
export async function writeSystemSteps(deps: AppDeps, steps: readonly ChatSystemStep[]): Promise<void> {
  await runCommandBatch(
    deps,
    chatDecider,
    steps.map((step) => ({ ...systemCommand(deps, step), skipIf: (error: unknown) => error instanceof NotFoundError })),
  );
}

/** A short, stable key of a text, so a retried resolution or escalation keeps its event ids and another text gets others. */
const textKey = (text: string): string => createHash('sha256').update(text.trim(), 'utf8').digest('hex').slice(0, 32);

/** Event ids of the moderation steps: named by the chat, the step and its author (and text), so two claimants never share one. */
function moderationEventIds(chatId: string, actorId: string, textHash = ''): (events: ChatEvent[]) => string[] {
  return (events) =>
    events.map((event) => {
      switch (event.type) {
        case 'ModeratorJoined':
          return chatStepId(chatId, 'moderator', actorId);
        case 'MessagePosted':
          return event.data.messageId;
        default:
          return chatStepId(chatId, event.type, actorId, textHash);
      }
    });
}

/** A moderator (or admin) claims the chat's request, joining the chat as its moderator ('{username} joined as moderator'). */
export async function claimModeration(deps: AppDeps, chatId: string, moderatorId: string): Promise<boolean> {
  const joinMessageId = chatStepId(chatId, 'moderator', moderatorId, 'message');
  const joinNotice: ChatNotice = { kind: 'moderator_joined', params: { moderatorId } };
  const outcome = await run(
    deps,
    chatId,
    { type: 'ClaimModeration', data: { chatId, moderatorId, joinMessageId, joinContent: chatNoticeText(joinNotice), joinNotice }, metadata: { now: deps.clock.now(), actor: moderatorId } },
    moderationEventIds(chatId, moderatorId),
  );
  return outcome.visible;
}

/** The claimant (or an admin) resolves the request; the players read the note in the chat. */
export async function resolveModeration(deps: AppDeps, input: { chatId: string; actorId: string; actorIsAdmin: boolean; note: string }): Promise<boolean> {
  const key = textKey(input.note);
  const messageId = chatStepId(input.chatId, 'moderation-resolved', input.actorId, key, 'message');
  const notice: ChatNotice = { kind: 'moderation_resolved', params: { moderatorId: input.actorId, note: input.note.trim() } };
  const outcome = await run(
    deps,
    input.chatId,
    { type: 'ResolveModeration', data: { chatId: input.chatId, actorId: input.actorId, actorIsAdmin: input.actorIsAdmin, note: input.note, messageId, content: chatNoticeText(notice), notice }, metadata: { now: deps.clock.now(), actor: input.actorId } },
    moderationEventIds(input.chatId, input.actorId, key),
  );
  return outcome.visible;
}

/** The claimant hands the request to the admins; the players read that it was, and why. */
export async function escalateModeration(deps: AppDeps, input: { chatId: string; actorId: string; reason: string }): Promise<boolean> {
  const key = textKey(input.reason);
  const messageId = chatStepId(input.chatId, 'moderation-escalated', input.actorId, key, 'message');
  const notice: ChatNotice = { kind: 'moderation_escalated', params: { moderatorId: input.actorId, reason: input.reason.trim() } };
  const outcome = await run(
    deps,
    input.chatId,
    { type: 'EscalateToAdmin', data: { chatId: input.chatId, actorId: input.actorId, reason: input.reason, messageId, content: chatNoticeText(notice), notice }, metadata: { now: deps.clock.now(), actor: input.actorId } },
    moderationEventIds(input.chatId, input.actorId, key),
  );
  return outcome.visible;
}

/** Event ids of a purge: named by the chat and the step (and the files), so a repeated purge stores nothing twice. */
function purgeEventIds(chatId: string, reason: string): (events: ChatEvent[]) => string[] {
  return (events) =>
    events.map((event) =>
      event.type === 'EvidencePurged' ? chatStepId(chatId, 'evidence-purged', reason, ...event.data.files.map((f) => f.sha256).sort()) : chatStepId(chatId, event.type),
    );
}

/** Retention: records the chat's texts as shredded (closing it for good) and the bet's evidence files as deleted. */
export async function purgeChat(deps: AppDeps, chatId: string, retentionDays: number, evidence: PurgedEvidenceFile[]): Promise<ChatEvent[]> {
  const outcome = await run(deps, chatId, { type: 'PurgeChat', data: { chatId, retentionDays, evidence }, metadata: { now: deps.clock.now(), actor: 'system' } }, purgeEventIds(chatId, 'retention'), false);
  return outcome.events;
}

/** Records evidence files of the bet as deleted for `reason` (the uploader's erasure). */
export async function purgeEvidence(deps: AppDeps, chatId: string, reason: PurgeReason, evidence: PurgedEvidenceFile[]): Promise<ChatEvent[]> {
  const outcome = await run(deps, chatId, { type: 'PurgeEvidence', data: { chatId, reason, evidence }, metadata: { now: deps.clock.now(), actor: 'system' } }, purgeEventIds(chatId, reason), false);
  return outcome.events;
}
