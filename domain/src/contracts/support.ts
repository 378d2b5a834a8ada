/**
 * The support context's contract (docs/api/support.md): anyone (visitor or player) sends a
 * contact message or an abuse report; admins list them. Zod schemas the API validates and
 * serializes with and the web app's query functions are typed by. Answers are strict objects.
 */
import { z } from 'zod';
import { SUPPORT_KINDS, type SupportMessageInput } from '../support/rules.js';

import { uuid, errorBody, refusals } from './common.js';

/** Support messages per page of the admins' list, at most. */
export const SUPPORT_PAGE_SIZE_MAX = 100;
export const SUPPORT_PAGE_SIZE_DEFAULT = 20;

/**
 * A message as sent. The fields are checked by the domain's parser (`parseSupportMessage`), in
 * the spec's words, so the wire types only the idempotency key (one per form filling: a resend
 * is stored once); the client sends `SupportMessageBody`.
 */
export const sendSupportMessageBody = z.looseObject({ clientMessageId: uuid });
export type SupportMessageBody = z.input<typeof sendSupportMessageBody> & SupportMessageInput;
export const supportMessageSent = z.strictObject({ id: z.string() });
export type SupportMessageSent = z.infer<typeof supportMessageSent>;
export const supportMessageProcessing = z.strictObject({ status: z.literal('processing'), id: z.string(), message: z.string() });

export const supportMessageView = z.strictObject({
  id: z.string(),
  kind: z.enum(SUPPORT_KINDS),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  reportedUsername: z.string().nullable(),
  betId: z.string().nullable(),
  submittedAt: z.string(),
});
export type SupportMessageView = z.infer<typeof supportMessageView>;
export const supportMessagesQuery = z.object({
  kind: z.enum(SUPPORT_KINDS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(SUPPORT_PAGE_SIZE_MAX).default(SUPPORT_PAGE_SIZE_DEFAULT),
});
export const supportMessagesView = z.strictObject({ messages: z.array(supportMessageView), pagination: z.strictObject({ total: z.number(), pages: z.number() }) });
export type SupportMessagesView = z.infer<typeof supportMessagesView>;

/** Each route's schemas, as its fastify `schema` (the OpenAPI document is generated from them). */
export const supportContract = {
  /** POST /api/support/messages — visitors and players; 202 when the admins' list does not show it yet. */
  send: { body: sendSupportMessageBody, response: { 201: supportMessageSent, 202: supportMessageProcessing, ...refusals } },
  /** GET /api/admin/support-messages — admins only. */
  list: { querystring: supportMessagesQuery, response: { 200: supportMessagesView, ...refusals } },
};
