/**
 * Support messages (issue 15): Contact Us and Report Abuse from the footer. Each message is one
 * stream `support-<messageId>` with one event; the admins read them from a read model and are
 * emailed. Pure: the clock and ids come in the command.
 */
import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { Decider } from '../event-store/command-handler.js';
import { ConflictError, ValidationError, issueRefusal } from '../shared/errors.js';
import { supportMessageSchema, supportMessages, type SupportMessageInput } from './rules.js';

export * from './rules.js';

/** The validated message, or the first refusal in the spec's words. */
export function parseSupportMessage(input: unknown): SupportMessageInput {
  const parsed = supportMessageSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(issue?.message ?? supportMessages.messageTooShort, issueRefusal(issue));
  }
  return parsed.data;
}

export interface SupportMessageSubmittedData extends SupportMessageInput {
  readonly messageId: string;
  /** The signed-in sender, or null for a visitor. */
  readonly userId: string | null;
  readonly submittedAt: string;
}
export type SupportEvent = { type: 'SupportMessageSubmitted'; data: SupportMessageSubmittedData };
export type SupportCommand = { type: 'SubmitSupportMessage'; data: SupportMessageInput & { messageId: string; userId: string | null }; metadata: { now: Date; actor?: string } };
export type SupportState = { readonly submitted: SupportMessageSubmittedData | null };

const SUPPORT_ID_NAMESPACE = '8b0f5c3e-6a1d-5e47-9f2b-3c4d5e6f7a81';
export const supportStreamId = (messageId: string): string => `support-${messageId}`;

/**
 * The id of a message sent with the form's idempotency key (sender or visitor email, key), and
 * its event id that also names the content: a resend is one event; another text under the same
 * key is refused (docs/ledger.md, an id names an intent).
 */
export function supportMessageIds(sender: string, clientMessageId: string, input: SupportMessageInput): { messageId: string; eventId: string } {
  const messageId = uuidv5(['support', sender, clientMessageId].join('/'), SUPPORT_ID_NAMESPACE);
  const digest = createHash('sha256').update(JSON.stringify(SUPPORT_FIELDS.map((field) => input[field] ?? null)), 'utf8').digest('hex');
  return { messageId, eventId: uuidv5([messageId, digest].join('/'), SUPPORT_ID_NAMESPACE) };
}

const SUPPORT_FIELDS = ['kind', 'name', 'email', 'subject', 'message', 'reportedUsername', 'betId'] as const;

function decide(command: SupportCommand, state: SupportState): SupportEvent[] {
  const { messageId, userId, ...rest } = command.data;
  const input = parseSupportMessage(rest);
  if (state.submitted) {
    const stored = state.submitted;
    // Field by field: stored event data comes back from jsonb with its keys reordered.
    const same = stored.userId === userId && SUPPORT_FIELDS.every((field) => (stored[field] ?? null) === (input[field] ?? null));
    if (same) return [];
    throw new ConflictError(supportMessages.sameKeyOtherText, { code: 'idempotency_conflict' });
  }
  return [{ type: 'SupportMessageSubmitted', data: { ...input, messageId, userId, submittedAt: command.metadata.now.toISOString() } }];
}

export const supportDecider: Decider<SupportState, SupportCommand, SupportEvent> = {
  initialState: () => ({ submitted: null }),
  evolve: (state, event) => (event.type === 'SupportMessageSubmitted' ? { submitted: event.data } : state),
  decide,
};
