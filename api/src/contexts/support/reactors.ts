/**
 * Every support message reaches the admins by email (issue 15): one outbox mail per admin, with
 * ids derived from the event's id and the admin's, so handling the event again queues nothing.
 */
import { v5 as uuidv5 } from 'uuid';
import type { RecordedEvent } from '@wager/domain';
import type { SupportMessageSubmittedData } from '@wager/domain/support/index';
import { adminEmails } from '@wager/projections/support/queries';
import { enqueueEmail } from '../../adapters/email/outbox.js';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';

const SUPPORT_MAIL_NAMESPACE = '2c9e7d41-5b3a-5f68-8e1d-4a6b7c8d9e02';

export function supportMailBody(d: SupportMessageSubmittedData): string {
  return [
    `${d.kind === 'report' ? 'Abuse report' : 'Contact message'} from ${d.name} <${d.email}>${d.userId ? ` (user ${d.userId})` : ' (visitor)'}`,
    d.reportedUsername ? `Reported player: ${d.reportedUsername}` : null,
    d.betId ? `Bet: ${d.betId}` : null,
    `Subject: ${d.subject}`,
    '',
    d.message,
    '',
    `Message id ${d.messageId}, sent ${d.submittedAt}. Reply to the sender by email.`,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

export function supportMailReactor(deps: Pick<AppDeps, 'db' | 'clock'>): Reactor {
  return {
    name: 'support-admin-mail',
    eventTypes: ['SupportMessageSubmitted'],
    handle: async (event: RecordedEvent) => {
      const d = event.data as SupportMessageSubmittedData;
      for (const admin of await adminEmails(deps.db)) {
        await enqueueEmail(
          deps.db,
          {
            id: uuidv5(`${event.id}/${admin.id}`, SUPPORT_MAIL_NAMESPACE),
            to: admin.email,
            subject: `[${d.kind === 'report' ? 'Report' : 'Contact'}] ${d.subject}`,
            text: supportMailBody(d),
            kind: `support-${d.kind}`,
            userId: admin.id,
          },
          deps.clock.now(),
        );
      }
    },
  };
}
