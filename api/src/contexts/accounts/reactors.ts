import type { RecordedEvent } from '@wager/domain';
import type { EmailVerificationCodeIssuedData, PhoneVerificationCodeIssuedData, UserRegisteredData } from '@wager/domain/accounts/index';
import { renderVerificationMail } from '@wager/domain/accounts/verification-mail';
import { mailPreferencesOf } from '@wager/projections/users/queries';
import { EMAIL_CODE_LIFETIME_MS } from './commands.js';
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
/**
 * The player's language and time zone for their mail: the read model's, or, when it has not caught
 * up yet (the first code is issued with the registration), the registration event's own.
 */
async function mailPreferences(deps: Pick<AppDeps, 'db' | 'store'>, userId: string): Promise<{ language: string | null; timeZone: string | null }> {
  const row = await mailPreferencesOf(deps.db, userId);
  if (row) return { language: row.preferred_language, timeZone: row.timezone };
  const registered = (await deps.store.readStream(`user-${userId}`)).find((e) => e.type === 'UserRegistered')?.data as UserRegisteredData | undefined;
  return { language: registered?.preferredLanguage ?? null, timeZone: registered?.timezone ?? null };
}

export function verificationMailReactor(deps: Pick<AppDeps, 'db' | 'clock' | 'store'>): Reactor {
  return {
    name: 'accounts-verification-mail',
    eventTypes: ['EmailVerificationCodeIssued'],
    handle: async (event: RecordedEvent) => {
      const data = event.data as EmailVerificationCodeIssuedData;
      const key = await appSecret(deps.db, EMAIL_CODE_SECRET_NAME, deps.clock.now());
      const code = codeFor(key, data.codeId);
      const { language, timeZone } = await mailPreferences(deps, data.userId);
      const mail = renderVerificationMail({ code, expiresAt: data.expiresAt, language, timeZone, lifetimeMinutes: EMAIL_CODE_LIFETIME_MS / 60_000 });
      await enqueueEmail(
        deps.db,
        {
          id: event.id,
          to: data.email,
          subject: mail.subject,
          text: mail.text,
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
