// Proves every refusal carries a stable code (a default per status, or its own) with params, and that extra body fields stay apart.
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  ForbiddenError,
  IdempotencyConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
  WrongExpectedRevisionError,
  issueRefusal,
} from './errors.js';

describe('DomainError', () => {
  it('gives each status its default code', () => {
    expect(new ValidationError('Bad').code).toBe('validation_failed');
    expect(new UnauthorizedError().code).toBe('unauthorized');
    expect(new ForbiddenError().code).toBe('forbidden');
    expect(new NotFoundError().code).toBe('not_found');
    expect(new ConflictError('Taken').code).toBe('conflict');
    expect(new TooManyRequestsError('Slow down', 30).code).toBe('too_many_requests');
    expect(new IdempotencyConflictError('bet-1')).toMatchObject({ status: 409, code: 'idempotency_conflict', params: undefined, extra: undefined });
    expect(new WrongExpectedRevisionError('bet-1', 3, 4)).toMatchObject({ status: 412, code: 'wrong_expected_revision', params: { streamId: 'bet-1', expected: '3', actual: '4' } });
  });

  it('takes its own code and params, and keeps any other option as an extra body field', () => {
    const error = new ValidationError('Invalid verification code', { code: 'invalid_verification_code', params: { attemptsLeft: 2 }, attemptsLeft: 2 });
    expect(error).toMatchObject({ status: 400, code: 'invalid_verification_code', params: { attemptsLeft: 2 }, extra: { attemptsLeft: 2 } });
    expect(new ValidationError('Username is required', { field: 'username' })).toMatchObject({ code: 'validation_failed', params: undefined, extra: { field: 'username' } });
  });

  it('puts the wait of a 429 in params and in the body', () => {
    expect(new TooManyRequestsError('Please wait', 15, { code: 'resend_too_soon' })).toMatchObject({
      status: 429,
      code: 'resend_too_soon',
      params: { retryAfter: 15 },
      extra: { retryAfter: 15 },
    });
  });
});

describe('issueRefusal', () => {
  it('reads the code and params a custom schema check names, and is validation_failed otherwise', () => {
    expect(issueRefusal({ code: 'custom', message: 'x', params: { code: 'under_age', age: 17 } })).toEqual({ code: 'under_age', params: { age: 17 } });
    expect(issueRefusal({ code: 'too_small', message: 'x' })).toEqual({ code: 'validation_failed' });
    expect(issueRefusal(undefined)).toEqual({ code: 'validation_failed' });
  });
});
