import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useSearchParams } from 'react-router-dom';
import { safeRedirect, authScreenHold, useUser } from '../features/auth';
import { Footer } from '../components/layout/footer';
import { Header } from './layout/header';
import { ScrollToHash } from '../components/layout/scroll-to-hash';
import { Spinner } from '../components/ui/primitives';
import { paths } from '../config/paths';
import { AuthLegacyRoute } from './routes/auth-legacy';
import { AuthRoute } from './routes/auth';
import { NotFoundRoute } from './routes/not-found';
import { PaystackReturnHandler } from '../features/wallet';
import { SaferPlayNotice, RealityCheckReminder } from '../features/profile';
import { FrozenAccountNotice } from '../features/auth';

/** The admin screens are their own chunk: only admins who open /admin download them. */
const AdminRoute = lazy(() => import('./routes/admin'));

function LazyAdminRoute() {
  return (
    <Suspense
      fallback={
        <div className="page-center">
          <Spinner />
        </div>
      }
    >
      <AdminRoute />
    </Suspense>
  );
}

/** FPL pools load on demand: most sessions never open them. */
const FplPoolsRoute = lazy(() => import('./routes/fpl-pools'));
function LazyFplPools() {
  return (
    <Suspense fallback={<Spinner />}>
      <FplPoolsRoute />
    </Suspense>
  );
}

/**
 * Every screen but the auth screens and the 404 is its own chunk, loaded when first opened, so
 * a visitor's /auth downloads only the shell and the sign-in forms (docs/web.md, "Code splitting").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazy() itself takes ComponentType<any>; M[K] keeps the props
function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
const AdminDisputeRoute = lazyNamed(() => import('./routes/admin'), 'AdminDisputeRoute');
const AdminUserRoute = lazyNamed(() => import('./routes/admin'), 'AdminUserRoute');
const DashboardRoute = lazyNamed(() => import('./routes/dashboard'), 'DashboardRoute');
const MatchesRoute = lazyNamed(() => import('./routes/matches'), 'MatchesRoute');
const MatchDetailsRoute = lazyNamed(() => import('./routes/match-details'), 'MatchDetailsRoute');
const DepositRoute = lazyNamed(() => import('./routes/deposit'), 'DepositRoute');
const ProfileRoute = lazyNamed(() => import('./routes/profile'), 'ProfileRoute');
const NotificationsRoute = lazyNamed(() => import('./routes/notifications'), 'NotificationsRoute');
const ChatRoute = lazyNamed(() => import('./routes/chat'), 'ChatRoute');
const OpponentsRoute = lazyNamed(() => import('./routes/opponents'), 'OpponentsRoute');
const MarketplaceRoute = lazyNamed(() => import('./routes/marketplace'), 'MarketplaceRoute');
const ChallengeInviteRoute = lazyNamed(() => import('./routes/challenge-invite'), 'ChallengeInviteRoute');
const VerifyEmailRoute = lazyNamed(() => import('./routes/verify-email'), 'VerifyEmailRoute');
const ResponsibleGamingRoute = lazyNamed(() => import('./routes/responsible-gaming'), 'ResponsibleGamingRoute');
const LegalRoute = lazyNamed(() => import('./routes/legal'), 'LegalRoute');
const HelpRoute = lazyNamed(() => import('./routes/legal'), 'HelpRoute');
const SupportFormRoute = lazyNamed(() => import('./routes/support-form'), 'SupportFormRoute');
const ModerationRoute = lazyNamed(() => import('./routes/moderation'), 'ModerationRoute');

/** The fallback while a screen's chunk loads. */
function ScreenLoading() {
  return (
    <div className="page-center">
      <Spinner />
    </div>
  );
}

/** Spec section 2: a centred spinner while the user loads, /auth without one, the page with one. */
export function ProtectedRoute() {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  if (isPending) {
    return (
      <div className="page-center" data-testid="protected-spinner">
        <Spinner />
      </div>
    );
  }
  if (!user) return <Navigate to={paths.auth.getHref()} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Signed-in users who open an auth screen go to '/' (spec section 2). */
/** `/` (where sign-in lands): an admin's landing page is the admin overview, a player's the dashboard (issue #29). */
export function HomeRedirect() {
  const { data: user } = useUser();
  return <Navigate to={user?.isAdmin ? paths.admin.getHref() : paths.dashboard.getHref()} replace />;
}

export function GuestOnlyRoute() {
  const { data: user, isPending } = useUser();
  const [searchParams] = useSearchParams();
  if (isPending) {
    return (
      <div className="page-center">
        <Spinner />
      </div>
    );
  }
  if (user && !authScreenHold.active) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  return <Outlet />;
}

export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <ScrollToHash />
      <PaystackReturnHandler />
      <RealityCheckReminder />
      <main id="main" className="main">
        <SaferPlayNotice />
        <FrozenAccountNotice />
        <Suspense fallback={<ScreenLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

export const routes = [
  {
    element: <AppLayout />,
    children: [
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.home.path, element: <HomeRedirect /> },
          { path: paths.dashboard.path, element: <DashboardRoute /> },
          { path: paths.matches.path, element: <MatchesRoute /> },
          { path: paths.matchDetails.path, element: <MatchDetailsRoute /> },
          { path: paths.admin.path, element: <LazyAdminRoute /> },
          { path: paths.moderation.path, element: <ModerationRoute /> },
          { path: paths.adminDispute.path, element: <AdminDisputeRoute /> },
          { path: paths.adminUser.path, element: <AdminUserRoute /> },
          { path: paths.deposit.path, element: <DepositRoute /> },
          { path: paths.wallet.path, element: <DepositRoute /> },
          { path: paths.profile.path, element: <ProfileRoute /> },
          { path: paths.notifications.path, element: <NotificationsRoute /> },
          { path: paths.chat.path, element: <ChatRoute /> },
          { path: paths.opponents.path, element: <OpponentsRoute /> },
        ],
      },
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: paths.auth.path, element: <AuthRoute /> },
          { path: paths.authLegacy.path, element: <AuthLegacyRoute /> },
        ],
      },
      { path: paths.login.path, element: <Navigate to={paths.auth.getHref()} replace /> },
      { path: paths.signup.path, element: <Navigate to={`${paths.auth.getHref()}?view=signup`} replace /> },
      { path: paths.marketplace.path, element: <MarketplaceRoute /> },
      { path: paths.challengeInvite.path, element: <ChallengeInviteRoute /> },
      { path: paths.verifyEmail.path, element: <VerifyEmailRoute /> },
      // Visitors see 'Please log in to view FPL pools' (spec section 2), so it sits outside ProtectedRoute.
      { path: paths.fplPools.path, element: <LazyFplPools /> },
      { path: paths.terms.path, element: <LegalRoute page="terms" /> },
      { path: paths.privacy.path, element: <LegalRoute page="privacy" /> },
      { path: paths.kyc.path, element: <LegalRoute page="kyc" /> },
      { path: paths.help.path, element: <HelpRoute /> },
      { path: paths.contact.path, element: <SupportFormRoute kind="contact" /> },
      { path: paths.reportAbuse.path, element: <SupportFormRoute kind="report" /> },
      { path: paths.responsibleGaming.path, element: <ResponsibleGamingRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/**
 * The browser router is made on first render, not when this module loads: the build's prerender
 * (src/prerender.tsx) imports `routes` in Node, where there is no `window` for it to read.
 */
let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

export function AppRouter() {
  browserRouter ??= createBrowserRouter(routes);
  return <RouterProvider router={browserRouter} />;
}
