/**
 * The only code appending to support streams (`support-<messageId>`). Ids are deterministic
 * from the sender and the form's idempotency key, so a resend stores one message.
 */
import { supportDecider, supportMessageIds, supportStreamId, parseSupportMessage } from '@wager/domain/support/index';
import type { AppDeps } from '../../deps.js';
import { runCommand } from '../../runtime/command-pipeline.js';

export interface SubmittedSupportMessage {
  readonly messageId: string;
  readonly visible: boolean;
}

export async function submitSupportMessage(deps: AppDeps, input: { body: unknown; userId: string | null; clientMessageId: string }): Promise<SubmittedSupportMessage> {
  const parsed = parseSupportMessage(input.body);
  const ids = supportMessageIds(input.userId ?? `visitor:${parsed.email.toLowerCase()}`, input.clientMessageId, parsed);
  const outcome = await runCommand(deps, {
    streamId: supportStreamId(ids.messageId),
    decider: supportDecider,
    command: { type: 'SubmitSupportMessage', data: { ...parsed, messageId: ids.messageId, userId: input.userId }, metadata: { now: deps.clock.now(), ...(input.userId ? { actor: input.userId } : {}) } },
    eventIds: (events) => events.map(() => ids.eventId),
  }, { waitForReadModels: true });
  return { messageId: ids.messageId, visible: outcome.visible };
}
