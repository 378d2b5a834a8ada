import type { EmailSender } from './port.js';

/**
 * The default (outbox) transport: nothing leaves the machine. A message counts as delivered
 * once the sender job marks its outbox row sent; the dev-only page `/dev/mailbox` lists them.
 */
export const devMailboxSender: EmailSender = {
  name: 'dev-mailbox',
  send: async () => undefined,
};
