import { useMutation } from '@tanstack/react-query';
import type { SupportMessageBody, SupportMessageSent } from '@wager/domain/contracts/support';
import type { SupportKind } from '@wager/domain/support/rules';
import { apiRequest } from '../../../lib/api-client';

export type { SupportKind };
/** The form's message, with one id per form filling (a resend of the same message is stored once). */
export type SupportMessageInput = SupportMessageBody;

/** POST /api/support/messages (docs/api/support.md): stored for the admins, who are emailed. */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: SupportMessageInput) => apiRequest<SupportMessageSent>('POST', '/api/support/messages', input),
  });
}
