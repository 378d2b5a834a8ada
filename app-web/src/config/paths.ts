/**
 * Every route path of the app (spec section 2), in one place. `path` is the router pattern,
 * `getHref` builds a link to it.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  matches: { path: '/matches', getHref: () => '/matches' },
  matchDetails: { path: '/matches/:id', getHref: (id: string) => `/matches/${encodeURIComponent(id)}` },
  admin: { path: '/admin', getHref: () => '/admin' },
  deposit: { path: '/deposit', getHref: () => '/deposit' },
  /** Paystack's callback may land here (spec: return handling on paths containing '/wallet'). */
  wallet: { path: '/wallet', getHref: () => '/wallet' },
  profile: { path: '/profile', getHref: () => '/profile' },
  chat: { path: '/chat/:betId', getHref: (betId: string) => `/chat/${encodeURIComponent(betId)}` },
  fplPools: { path: '/fpl-pools', getHref: () => '/fpl-pools' },
  opponents: { path: '/opponents', getHref: () => '/opponents' },
  marketplace: { path: '/marketplace', getHref: () => '/marketplace' },
  challengeInvite: {
    path: '/challenge/accept/:inviteLinkId',
    getHref: (inviteLinkId: string) => `/challenge/accept/${encodeURIComponent(inviteLinkId)}`,
  },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  auth: {
    path: '/auth',
    getHref: (redirectTo?: string) => (redirectTo ? `/auth?redirect=${encodeURIComponent(redirectTo)}` : '/auth'),
  },
  authLegacy: { path: '/auth-legacy', getHref: () => '/auth-legacy' },
  /** Link targets of the marketplace's guest modal; the router sends them to the auth screen. */
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  leaderboardAnchor: { getHref: () => '#leaderboard' },
} as const;
