import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SupportKind = 'contact' | 'report';

export interface SupportMessageInput {
  kind: SupportKind;
  name: string;
  email: string;
  subject: string;
  message: string;
  reportedUsername?: string;
  betId?: string;
  /** One id per form filling: a resend of the same message is stored once. */
  clientMessageId: string;
}

/** POST /api/support/messages (docs/api/support.md): stored for the admins, who are emailed. */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: SupportMessageInput) => apiRequest<{ id: string }>('POST', '/api/support/messages', input),
  });
}
