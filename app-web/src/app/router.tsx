import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../features/auth/api/use-auth-actions';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { Spinner } from '../components/ui/primitives';
import { paths } from '../config/paths';
import { authScreenHold, useUser } from '../features/auth/api/user-queries';
import { AuthLegacyRoute } from './routes/auth-legacy';
import { AuthRoute } from './routes/auth';
import { ChallengeInviteRoute } from './routes/challenge-invite';
import { ChatRoute } from './routes/chat';
import { ComingSoonRoute } from './routes/coming-soon';
import { DashboardRoute } from './routes/dashboard';
import { DepositRoute } from './routes/deposit';
import { MarketplaceRoute } from './routes/marketplace';
import { MatchesRoute } from './routes/matches';
import { NotFoundRoute } from './routes/not-found';
import { ProfileRoute } from './routes/profile';
import { PaystackReturnHandler } from '../features/wallet/components/paystack-return-handler';
import { VerifyEmailRoute } from './routes/verify-email';

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
      <PaystackReturnHandler />
      <main id="main" className="main">
        <Outlet />
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
          { path: paths.home.path, element: <Navigate to={paths.dashboard.getHref()} replace /> },
          { path: paths.dashboard.path, element: <DashboardRoute /> },
          { path: paths.matches.path, element: <MatchesRoute /> },
          { path: paths.matchDetails.path, element: <ComingSoonRoute feature="matchDetails" /> },
          { path: paths.admin.path, element: <ComingSoonRoute feature="admin" /> },
          { path: paths.deposit.path, element: <DepositRoute /> },
          { path: paths.wallet.path, element: <DepositRoute /> },
          { path: paths.profile.path, element: <ProfileRoute /> },
          { path: paths.chat.path, element: <ChatRoute /> },
          { path: paths.fplPools.path, element: <ComingSoonRoute feature="fpl" /> },
          { path: paths.opponents.path, element: <ComingSoonRoute feature="opponents" /> },
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
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
