import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, getAuthToken, getQueryFn, isProcessing, setAuthToken, type ProcessingAnswer } from '../../../lib/api-client';
import type { AuthResponse, LoginBody, RequestResetBody, ResetPasswordBody, SessionUser as User, SuccessResponse } from '@wager/domain/contracts/accounts';

/**
 * A signup the API answered 202: the session token is issued, but the account is not in the
 * read model yet, and until it is the server answers 401 for that token (REST and /ws). Those
 * 401s must not end the session. The account arrives when the live-updates socket is accepted
 * (it then refetches the user) or, without a socket, at the next probe.
 */
export const pendingAccount = { userId: null as string | null };
export const PENDING_ACCOUNT_PROBE_MS = 2000;

/** GET /api/user for a pending account: 401 means "not there yet", not "signed out". */
async function probePendingUser(): Promise<User | null> {
  const token = getAuthToken();
  const response = await fetch('/api/user', { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (response.status === 401 || response.status === 404) return null;
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  const user = (await response.json()) as User;
  pendingAccount.userId = null;
  return user;
}

const fetchUserWithToken = getQueryFn<User | null>({ on401: 'returnNull' });

/**
 * Sessions are bearer tokens only (no cookie), so without a stored token nobody is signed in:
 * answer "no user" without asking, instead of a 401 the browser logs as a console error on
 * every visitor page load (issue 15). With a token, a 401 still means "no user", quietly.
 */
export const fetchCurrentUser: typeof fetchUserWithToken = (context) => (getAuthToken() ? fetchUserWithToken(context) : Promise.resolve(null));

/** The current user (spec section 7): `GET /api/user`, a 401 meaning "nobody signed in". */
export const userQueries = {
  all: () => ['/api/user'] as const,
  current: () =>
    queryOptions({
      queryKey: userQueries.all(),
      queryFn: (context) => (pendingAccount.userId && getAuthToken() ? probePendingUser() : fetchCurrentUser(context)),
      refetchInterval: (query) => (pendingAccount.userId && !query.state.data ? PENDING_ACCOUNT_PROBE_MS : false),
    }),
};

/**
 * Without a stored token nobody is signed in (`fetchCurrentUser` would answer null without
 * asking), so the app knows it before its first render: the auth screen renders at once rather
 * than after a spinner, the same screen as the prerendered HTML it replaces (src/prerender.tsx).
 */
export function knowSignedOutVisitor(queryClient: QueryClient, token: string | null = getAuthToken()): void {
  if (!token) queryClient.setQueryData(userQueries.all(), null);
}

/** The data groups refetched after signing in and dropped after signing out (spec section 4). */
export const SESSION_QUERY_ROOTS = [['/api/user'], ['/api/bets'], ['/api/opponents'], ['/api/notifications']] as const;

export function useUser() {
  return useQuery(userQueries.current());
}

/** POST /api/auth/login's body (the accounts contract). */
export type LoginInput = LoginBody;

/**
 * While a new account waits the spec's 1 s before going to /verify-email, the auth screen stays
 * put instead of bouncing the now signed-in visitor to '/'.
 */
export const authScreenHold = { active: false };

export type SignupAnswer = AuthResponse | ProcessingAnswer;

function useSessionStart() {
  const queryClient = useQueryClient();
  return async (response: SignupAnswer) => {
    if (response.requiresVerification) authScreenHold.active = true;
    if (isProcessing(response)) {
      pendingAccount.userId = response.userId ?? null;
      setAuthToken(response.token);
      await queryClient.invalidateQueries({ queryKey: userQueries.all() });
      return;
    }
    pendingAccount.userId = null;
    setAuthToken(response.token);
    queryClient.setQueryData(userQueries.all(), response.user);
    await Promise.all(
      SESSION_QUERY_ROOTS.filter((key) => key[0] !== '/api/user').map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}

export function useLogin() {
  const startSession = useSessionStart();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<AuthResponse>('POST', '/api/auth/login', input),
    onSuccess: startSession,
  });
}

export function useSignup() {
  const startSession = useSessionStart();
  return useMutation({
    mutationFn: (payload: Record<string, unknown>) => apiRequest<SignupAnswer>('POST', '/api/auth/signup', payload),
    onSuccess: startSession,
  });
}

/**
 * Logout clears the token and the cached user and invalidates everything (spec section 4). The
 * server call revokes the session too (accounts issue); a failure there still signs out locally.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest('POST', '/api/auth/logout');
      } finally {
        pendingAccount.userId = null;
        setAuthToken(null);
        queryClient.setQueryData(userQueries.all(), null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== '/api/user' });
      }
    },
  });
}

/** Completes a reset with the emailed link's token; the server revokes the user's other sessions. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordBody) => apiRequest<SuccessResponse>('POST', '/api/auth/reset-password', input),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (input: RequestResetBody) => apiRequest<SuccessResponse>('POST', '/api/auth/request-reset', input),
  });
}
