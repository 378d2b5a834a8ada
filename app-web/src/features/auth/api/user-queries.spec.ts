// Proves a visitor without a stored session is known signed out before the first render (what lets the prerendered /auth be replaced by the same screen, not a spinner), while a stored token leaves the user to be fetched.
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { knowSignedOutVisitor, userQueries } from './user-queries';

describe('knowSignedOutVisitor', () => {
  it('given no stored token, the current user is already known: nobody', () => {
    const queryClient = createQueryClient();
    knowSignedOutVisitor(queryClient, null);
    expect(queryClient.getQueryState(userQueries.all())?.status).toBe('success');
    expect(queryClient.getQueryData(userQueries.all())).toBeNull();
  });

  it('given a stored token, nothing is assumed: the user is still to be fetched', () => {
    const queryClient = createQueryClient();
    knowSignedOutVisitor(queryClient, 'a-session-token');
    expect(queryClient.getQueryState(userQueries.all())).toBeUndefined();
  });
});
