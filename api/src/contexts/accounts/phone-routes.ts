import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/accounts';
import { UnauthorizedError, ValidationError } from '@wager/domain';
import {
  INVALID_VERIFICATION_CODE,
  PHONE_CODE_ATTEMPTS_MAX,
  PHONE_CODE_RESEND_COOLDOWN_SECONDS,
  messages,
  parseMobileNumber,
} from '@wager/domain/accounts/index';
import { requestPhoneCode, verifyPhoneCode } from './commands.js';
import { userIdOf } from './http.js';
import { UNAUTHENTICATED_RESPONSES, errorSchema } from './schemas.js';
import { loadUserJson } from './user-json.js';

const retryable = contract.retryableError;

/** Phone verification by SMS (docs/api/accounts.md, "Phone verification"): the signed-in user's own number only. */
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/phone',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Send a 6-digit code by SMS to a mobile number (Nigerian numbers may be typed as 0803…)',
        security: [{ bearer: [] }],
        body: contract.phoneCodeBody,
        response: {
          200: contract.phoneCodeSent,
          400: errorSchema,
          409: errorSchema,
          429: retryable,
          ...UNAUTHENTICATED_RESPONSES,
        },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const phone = parseMobileNumber(request.body.phone);
      if (!phone) throw new ValidationError(messages.phoneInvalid, { code: 'invalid_phone_number', field: 'phone' });
      const { expiresAt } = await requestPhoneCode(app.deps, userId, phone);
      return { success: true as const, message: 'Verification code sent', phone, expiresAt: expiresAt.toISOString(), retryAfter: PHONE_CODE_RESEND_COOLDOWN_SECONDS };
    },
  );

  app.post(
    '/api/user/phone/verify',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Verify the number the last SMS code went to',
        security: [{ bearer: [] }],
        body: contract.verifyPhoneBody,
        response: { 200: contract.phoneVerified, 400: errorSchema, 409: errorSchema, 429: retryable, ...UNAUTHENTICATED_RESPONSES },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const outcome = await verifyPhoneCode(app.deps, userId, request.body.code);
      if (!outcome.verified) {
        const attemptsLeft = Math.max(0, PHONE_CODE_ATTEMPTS_MAX - outcome.attempts);
        throw new ValidationError(INVALID_VERIFICATION_CODE, { code: 'invalid_verification_code', params: { attemptsLeft }, attemptsLeft });
      }
      const user = await loadUserJson(app, userId);
      if (!user) throw new UnauthorizedError('Authentication required');
      return { success: true as const, message: 'Phone verified', user };
    },
  );
};
