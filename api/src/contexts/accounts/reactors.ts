import type { RecordedEvent } from '@wager/domain';
import type { EmailVerificationCodeIssuedData, PhoneVerificationCodeIssuedData } from '@wager/domain/accounts/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { EMAIL_CODE_SECRET_NAME, PHONE_CODE_SECRET_NAME, appSecret, codeFor } from './secrets.js';
import { enqueueEmail } from '../../adapters/email/outbox.js';
import { enqueueSms } from '../../adapters/sms/outbox.js';

/**
 * Turns each EmailVerificationCodeIssued into an outbox mail. The code is derived again from
 * the installation key and the event's code id, so it exists in clear only in the mail body.
 * The outbox row's id is the event's id: handling the event twice queues one mail.
 */
export function verificationMailReactor(deps: Pick<AppDeps, 'db' | 'clock'>): Reactor {
  return {
    name: 'accounts-verification-mail',
    eventTypes: ['EmailVerificationCodeIssued'],
    handle: async (event: RecordedEvent) => {
      const data = event.data as EmailVerificationCodeIssuedData;
      const key = await appSecret(deps.db, EMAIL_CODE_SECRET_NAME, deps.clock.now());
      const code = codeFor(key, data.codeId);
      await enqueueEmail(
        deps.db,
        {
          id: event.id,
          to: data.email,
          subject: `Your verification code: ${code}`,
          text: [
            `Your Wager verification code is ${code}.`,
            '',
            `It expires at ${data.expiresAt} (15 minutes after it was sent). Enter it on the Verify Email page.`,
            'If you did not create an account, ignore this email.',
          ].join('\n'),
          kind: 'email-verification',
          userId: data.userId,
        },
        deps.clock.now(),
      );
    },
  };
}

/**
 * Turns each PhoneVerificationCodeIssued into an SMS outbox row (sent by the SMS outbox job
 * through Termii). As for mail, the code is derived again from the installation key and the
 * code id; the row's id is the event's, so handling the event twice queues one message. The
 * text stays under 160 plain characters: one SMS page.
 */
export function verificationSmsReactor(deps: Pick<AppDeps, 'db' | 'clock'>): Reactor {
  return {
    name: 'accounts-verification-sms',
    eventTypes: ['PhoneVerificationCodeIssued'],
    handle: async (event: RecordedEvent) => {
      const data = event.data as PhoneVerificationCodeIssuedData;
      const key = await appSecret(deps.db, PHONE_CODE_SECRET_NAME, deps.clock.now());
      const code = codeFor(key, data.codeId);
      await enqueueSms(
        deps.db,
        {
          id: event.id,
          to: data.phone,
          text: `Your Wager code is ${code}. It expires in 10 minutes. Never share it: Wager staff will never ask for it.`,
          kind: 'phone-verification',
          userId: data.userId,
          expiresAt: new Date(data.expiresAt),
        },
        deps.clock.now(),
      );
    },
  };
}
