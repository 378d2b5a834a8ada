/**
 * The rules of a support message (spec "Contact Us" and "Report Abuse"): its kinds, its bounds and
 * the spec's refusals. Pure zod and plain data: the web app and the contract import this file.
 */
import { z } from 'zod';

export const SUPPORT_KINDS = ['contact', 'report'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

export const SUPPORT_NAME_LENGTH_MAX = 100;
export const SUPPORT_EMAIL_LENGTH_MAX = 254;
export const SUPPORT_SUBJECT_LENGTH_MAX = 150;
export const SUPPORT_MESSAGE_LENGTH_MIN = 10;
export const SUPPORT_MESSAGE_LENGTH_MAX = 5000;
export const SUPPORT_USERNAME_LENGTH_MAX = 50;

export const supportMessages = {
  kind: 'Choose contact or report',
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long',
  email: 'A valid email is required',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject is too long',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message is too long',
  reportedUsernameRequired: 'The username of the player you report is required',
  reportedUsernameTooLong: 'Username too long',
  betId: 'Invalid bet id',
  sameKeyOtherText: 'This message id was already used for another message',
} as const;

const trimmed = (required: string, max: number, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const supportMessageSchema = z
  .object({
    kind: z.enum(SUPPORT_KINDS, { error: supportMessages.kind }),
    name: trimmed(supportMessages.nameRequired, SUPPORT_NAME_LENGTH_MAX, supportMessages.nameTooLong),
    email: z.string({ error: supportMessages.email }).trim().max(SUPPORT_EMAIL_LENGTH_MAX, supportMessages.email).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, supportMessages.email),
    subject: trimmed(supportMessages.subjectRequired, SUPPORT_SUBJECT_LENGTH_MAX, supportMessages.subjectTooLong),
    message: z.string({ error: supportMessages.messageTooShort }).trim().min(SUPPORT_MESSAGE_LENGTH_MIN, supportMessages.messageTooShort).max(SUPPORT_MESSAGE_LENGTH_MAX, supportMessages.messageTooLong),
    reportedUsername: z.string().trim().max(SUPPORT_USERNAME_LENGTH_MAX, supportMessages.reportedUsernameTooLong).optional(),
    betId: z.string().trim().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, supportMessages.betId).optional(),
  })
  .superRefine((value, context) => {
    if (value.kind === 'report' && !value.reportedUsername) context.addIssue({ code: 'custom', path: ['reportedUsername'], message: supportMessages.reportedUsernameRequired });
  });
export type SupportMessageInput = z.infer<typeof supportMessageSchema>;
