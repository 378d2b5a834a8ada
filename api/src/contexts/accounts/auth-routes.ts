import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/accounts';
import { stillProcessing } from '@wager/domain/contracts/common';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError, ValidationError } from '@wager/domain';
import {
  EMAIL_CODE_ATTEMPTS_MAX,
  INVALID_VERIFICATION_CODE,
  fullSignupPayloadSchema,
  isQuickSignupPayload,
  quickSignupPayloadSchema,
  EMAIL_CODE_RESEND_COOLDOWN_SECONDS,
  assertMaySignIn,
} from '@wager/domain/accounts/index';
import { findUserByEmail, findUserBySignInName } from '@wager/projections/users/queries';
import { findPasswordResetToken, passwordHashOf } from '@wager/projections/credentials/queries';
import { publicBaseUrl } from '../../config.js';
import { StillProcessing } from '../../runtime/still-processing.js';
import { issuePasswordReset, newVerificationCode, recordSignInDevice, registerAccount, resetPasswordWithToken, resetTokenUsable, runUserCommand } from './commands.js';
import { clientIp, parseOrThrow, userIdOf } from './http.js';
import { passwordCost, verifyAgainstDummy, verifyPassword, hashPassword } from './passwords.js';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_PER_IP, RESET_REQUESTS_PER_EMAIL, RESET_REQUESTS_PER_IP, hit, reset } from './rate-limit.js';
import { EMAIL_CODE_SECRET_NAME, appSecret, codeMatches } from './secrets.js';
import { createSession, newSecretToken, revokeSession, sha256Hex } from '../../plugins/sessions.js';
import { loadUserJson } from './user-json.js';
import { UNAUTHENTICATED_RESPONSES, errorSchema } from './schemas.js';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
export const TOO_MANY_RESET_REQUESTS = 'Too many reset requests. Please try again later.';
export const NOT_YOUR_ACCOUNT = 'You can only verify your own email';
export const INVALID_RESET_LINK = 'Invalid or expired reset link';
export const RESET_LINK_SENT = 'If an account exists for that email, a reset link has been sent.';

const { retryableError } = contract;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, ids, config } = app.deps;

  function userAgentOf(request: { headers: Record<string, unknown> }): string | null {
    return typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null;
  }

  async function issueSession(userId: string, request: { ip: string; headers: Record<string, unknown> }) {
    return createSession(db, { sessionId: ids.uuid(), userId, now: clock.now(), ipAddress: request.ip || null, userAgent: userAgentOf(request) });
  }

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (full-form or quick-signup payload); sends a 6-digit code by email',
        body: contract.signupBody,
        response: { 201: contract.signupResponse, 202: stillProcessing, 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const quick = isQuickSignupPayload(request.body);
      const input = quick ? parseOrThrow(quickSignupPayloadSchema(now), request.body) : parseOrThrow(fullSignupPayloadSchema(now), request.body);
      const { userId } = await registerAccount(app.deps, {
        profile: {
          username: input.username,
          email: input.email,
          phoneNumber: input.phoneNumber ?? null,
          psnUsername: input.psnUsername ?? null,
          activisionId: input.activisionId ?? null,
          country: input.country,
          timezone: input.timezone,
          preferredCurrency: input.preferredCurrency,
          preferredLanguage: input.preferredLanguage,
          dateOfBirth: input.dateOfBirth,
        },
        password: input.password,
        signupForm: quick ? 'quick' : 'full',
        ipAddress: clientIp(request),
      });
      const session = await issueSession(userId, request);
      const user = await loadUserJson(app, userId);
      // Recorded, but the read model did not show it within the wait: say so, with the session.
      if (!user) throw new StillProcessing('/api/user', { token: session.token, userId, requiresVerification: true });
      return reply.status(201).send({ token: session.token, user, requiresVerification: true as const });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with username (or email) and password',
        body: contract.loginBody,
        response: { 200: contract.loginResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: retryableError },
      },
    },
    async (request) => {
      const now = clock.now();
      const { username, password } = request.body;
      const perIp = await hit(db, `login-ip:${request.ip}`, LOGIN_PER_IP, now);
      if (perIp.count > LOGIN_PER_IP.max) throw new TooManyRequestsError(TOO_MANY_LOGINS, perIp.retryAfterSeconds, { code: 'too_many_login_attempts' });
      const user = await findUserBySignInName(db, username);
      // One counter per account, whichever name (username or email) the attempt used; unknown names count by name.
      const accountKey = `login-account:${user ? user.id : username.toLowerCase()}`;
      // Counted before the password is checked, in one atomic upsert that returns the new count:
      // of any number of guesses sent at once, each gets its own number and only the first
      // LOGIN_FAILURES_PER_ACCOUNT.max reach the password check. Checking the count first and
      // adding a failure afterwards let every parallel guess read the same low count.
      const perAccount = await hit(db, accountKey, LOGIN_FAILURES_PER_ACCOUNT, now);
      if (perAccount.count > LOGIN_FAILURES_PER_ACCOUNT.max) throw new TooManyRequestsError(TOO_MANY_LOGINS, perAccount.retryAfterSeconds, { code: 'too_many_login_attempts' });

      const cost = passwordCost(config.NODE_ENV);
      const passwordHash = user ? await passwordHashOf(db, user.id) : undefined;
      const ok = user && passwordHash ? await verifyPassword(password, passwordHash) : await verifyAgainstDummy(password, cost);
      // A failed attempt stays counted; a success clears the account's count, as the owner proved who they are.
      if (!ok || !user) throw new UnauthorizedError(INVALID_CREDENTIALS);
      await reset(db, accountKey);
      // Said only to whoever knows the password: a suspended account is told why it cannot sign in.
      assertMaySignIn({ suspensionReason: user.suspension_reason });
      const session = await issueSession(user.id, request);
      await recordSignInDevice(app.deps, { userId: user.id, sessionId: session.sessionId, userAgent: userAgentOf(request), now });
      const json = await loadUserJson(app, user.id);
      if (!json) throw new UnauthorizedError(INVALID_CREDENTIALS);
      return { token: session.token, user: json };
    },
  );

  app.post(
    '/api/auth/logout',
    { onRequest: app.requireUser, schema: { tags: ['accounts'], summary: 'Revoke the current session', security: [{ bearer: [] }], response: { 200: contract.successResponse, ...UNAUTHENTICATED_RESPONSES } } },
    async (request) => {
      await revokeSession(db, request.auth!.sessionId, clock.now());
      await app.endSessions({ sessionId: request.auth!.sessionId });
      return { success: true as const, message: 'Logged out' };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: "Verify the session user's email with the 6-digit code",
        security: [{ bearer: [] }],
        body: contract.verifyEmailBody,
        response: { 200: contract.verifyEmailResponse, 400: errorSchema, 403: errorSchema, 429: retryableError, ...UNAUTHENTICATED_RESPONSES },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      if (request.body.userId !== undefined && request.body.userId !== userId) throw new ForbiddenError(NOT_YOUR_ACCOUNT);
      const now = clock.now();
      const key = await appSecret(db, EMAIL_CODE_SECRET_NAME, now);
      const code = request.body.code;
      const result = await runUserCommand(app.deps, userId, { type: 'VerifyEmail', data: { codeMatches: (codeId, hash) => codeMatches(key, codeId, code, hash) }, metadata: { now } }, userId);
      const failed = result.events.find((e) => e.type === 'EmailVerificationAttemptFailed');
      if (failed && failed.type === 'EmailVerificationAttemptFailed') {
        const attemptsLeft = Math.max(0, EMAIL_CODE_ATTEMPTS_MAX - failed.data.attempts);
        throw new ValidationError(INVALID_VERIFICATION_CODE, { code: 'invalid_verification_code', params: { attemptsLeft }, attemptsLeft });
      }
      const user = await loadUserJson(app, userId);
      if (!user) throw new UnauthorizedError('Authentication required');
      return { success: true as const, message: 'Email verified', user };
    },
  );

  app.post(
    '/api/auth/resend-code',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Send a new verification code (at most once per 60 s)',
        security: [{ bearer: [] }],
        body: contract.resendCodeBody,
        response: { 200: contract.resendCodeResponse, 400: errorSchema, 403: errorSchema, 429: retryableError, ...UNAUTHENTICATED_RESPONSES },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const requested = request.body?.userId;
      if (requested !== undefined && requested !== userId) throw new ForbiddenError(NOT_YOUR_ACCOUNT);
      const code = await newVerificationCode(app.deps);
      await runUserCommand(app.deps, userId, { type: 'IssueVerificationCode', data: { code, reason: 'resend' }, metadata: { now: clock.now() } }, userId);
      return { success: true as const, message: 'Verification code sent', retryAfter: EMAIL_CODE_RESEND_COOLDOWN_SECONDS };
    },
  );

  app.post(
    '/api/auth/request-reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Email a single-use password reset link (always 200: no account enumeration)',
        body: contract.requestResetBody,
        response: { 200: contract.successResponse, 400: errorSchema, 429: retryableError },
      },
    },
    async (request) => {
      const now = clock.now();
      const perIp = await hit(db, `reset-ip:${request.ip}`, RESET_REQUESTS_PER_IP, now);
      if (perIp.count > RESET_REQUESTS_PER_IP.max) throw new TooManyRequestsError(TOO_MANY_RESET_REQUESTS, perIp.retryAfterSeconds, { code: 'too_many_reset_requests' });
      const user = await findUserByEmail(db, request.body.email);
      if (user && (await hit(db, `reset-email:${user.id}`, RESET_REQUESTS_PER_EMAIL, now)).count <= RESET_REQUESTS_PER_EMAIL.max) {
        const token = newSecretToken();
        // Never from the request's Host header: whoever asks for the reset chooses that header,
        // and the link carries the token that takes over the account.
        const link = `${publicBaseUrl(config)}/auth?resetToken=${token}`;
        await issuePasswordReset(app.deps, {
          userId: user.id,
          tokenHash: sha256Hex(token),
          mail: {
            to: user.email,
            subject: 'Reset your Wager password',
            text: [`Someone asked to reset the password of ${user.username}.`, '', `Open this link within 30 minutes to choose a new password (it works once):`, link, '', 'If it was not you, ignore this email.'].join('\n'),
          },
          now,
        });
      }
      return { success: true as const, message: RESET_LINK_SENT };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: "Set a new password with a reset link's token; revokes the user's other sessions",
        body: contract.resetPasswordBody,
        response: { 200: contract.successResponse, 400: errorSchema },
      },
    },
    async (request) => {
      const now = clock.now();
      const tokenHash = sha256Hex(request.body.token);
      if (!resetTokenUsable(await findPasswordResetToken(db, tokenHash), now)) throw new ValidationError(INVALID_RESET_LINK);
      const passwordHash = await hashPassword(request.body.password, passwordCost(config.NODE_ENV));
      const keepSessionOf = request.auth ? { userId: request.auth.userId, sessionId: request.auth.sessionId } : undefined;
      const ended = await resetPasswordWithToken(app.deps, { tokenHash, passwordHash, keepSessionOf, now });
      if (!ended) throw new ValidationError(INVALID_RESET_LINK);
      // Committed: every process drops the user's other sessions now.
      await app.endSessions(ended);
      return { success: true as const, message: 'Password updated. Please sign in with your new password.' };
    },
  );
};
