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
  /** The moderation queue, for moderators and admins. */
  moderation: { path: '/moderation', getHref: () => '/moderation' },
  /** The review page of one dispute (issue 23): the casebook, both reports, the tracker, chat, money, resolution. */
  adminDispute: { path: '/admin/disputes/:betId', getHref: (betId: string) => `/admin/disputes/${encodeURIComponent(betId)}` },
  adminDisputes: { getHref: () => '/admin?tab=disputes' },
  /** One user's record (issue #29): transactions, bets, suspend and freeze. */
  adminUser: { path: '/admin/users/:userId', getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}` },
  deposit: { path: '/deposit', getHref: () => '/deposit' },
  /** Paystack's callback may land here (spec: return handling on paths containing '/wallet'). */
  wallet: { path: '/wallet', getHref: () => '/wallet' },
  profile: { path: '/profile', getHref: () => '/profile' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  chat: { path: '/chat/:betId', getHref: (betId: string) => `/chat/${encodeURIComponent(betId)}` },
  fplPools: { path: '/fpl-pools', getHref: () => '/fpl-pools' },
  opponents: { path: '/opponents', getHref: () => '/opponents' },
  marketplace: { path: '/marketplace', getHref: () => '/marketplace' },
  challengeInvite: {
    path: '/challenge/accept/:inviteLinkId',
    getHref: (inviteLinkId: string) => `/challenge/accept/${encodeURIComponent(inviteLinkId)}`,
  },
  /** After verification the page returns to `redirectTo` (an invitation the visitor signed up from). */
  verifyEmail: {
    path: '/verify-email',
    getHref: (redirectTo?: string) => (redirectTo && redirectTo !== '/' ? `/verify-email?redirect=${encodeURIComponent(redirectTo)}` : '/verify-email'),
  },
  auth: {
    path: '/auth',
    getHref: (redirectTo?: string) => (redirectTo ? `/auth?redirect=${encodeURIComponent(redirectTo)}` : '/auth'),
  },
  authLegacy: { path: '/auth-legacy', getHref: () => '/auth-legacy' },
  /** Link targets of the marketplace's guest modal; the router sends them to the auth screen. */
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  /** The leaderboard panel of the dashboard (the dashboard scrolls to its hash). */
  leaderboardAnchor: { getHref: () => '/dashboard#leaderboard' },
  /** Footer pages (issue 15). */
  terms: { path: '/legal/terms', getHref: () => '/legal/terms' },
  privacy: { path: '/legal/privacy', getHref: () => '/legal/privacy' },
  kyc: { path: '/legal/kyc', getHref: () => '/legal/kyc' },
  /** Written by the safer-gambling work; the footer links to it. */
  responsibleGaming: { path: '/responsible-gaming', getHref: () => '/responsible-gaming' },
  help: { path: '/help', getHref: () => '/help' },
  disputeHelp: { getHref: () => '/help#disputes' },
  contact: { path: '/contact', getHref: () => '/contact' },
  reportAbuse: { path: '/report', getHref: () => '/report' },
} as const;
