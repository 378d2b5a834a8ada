import { Dialog as DialogPrimitive, DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useLogout, useUser } from '../../features/auth';
import { formatMoney } from '../../lib/money';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { Button } from '../../components/ui/primitives';
import { toast } from '../../components/ui/toast';
import { ConnectionIndicator } from '../../components/layout/connection-indicator';
import { LanguageSelector } from '../../components/layout/language-selector';
import { NotificationBell } from '../../features/notifications';
import { errorMessage } from '../../lib/error-message';

function navLinks(user: User | null | undefined) {
  const links = [
    { to: paths.dashboard.getHref(), key: 'nav.dashboard' },
    { to: paths.matches.getHref(), key: 'nav.matches' },
    { to: paths.marketplace.getHref(), key: 'nav.marketplace' },
    { to: paths.fplPools.getHref(), key: 'nav.fplPools' },
  ];
  // The header's Deposit button is always there; an admin's longer row of links drops the duplicate so none is clipped (issue #29).
  if (!user?.isAdmin) links.push({ to: paths.deposit.getHref(), key: 'nav.deposit' });
  if (user?.isModerator || user?.isAdmin) links.push({ to: paths.moderation.getHref(), key: 'nav.moderation' });
  if (user?.isAdmin) links.push({ to: paths.admin.getHref(), key: 'nav.adminPanel' });
  return links;
}

function useSignOut() {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('toasts.loggedOut'), description: t('toasts.loggedOutText'), type: 'success' });
        void navigate(paths.auth.getHref());
      },
      onError: (error) => toast({ title: t('toasts.logoutFailed'), description: errorMessage(error), type: 'error' }),
    });
}

function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" aria-label={t('nav.userMenu')} data-testid="user-menu">
          <span className="avatar" aria-hidden="true">
            {user.username.slice(0, 1).toUpperCase()}
          </span>
          <span className="hide-mobile">{user.username}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6} collisionPadding={12}>
          <DropdownMenu.Item className="menu-item" onSelect={() => void navigate(paths.profile.getHref())}>
            {t('nav.profile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" data-testid="menu-settings" onSelect={() => void navigate(paths.profile.getHref())}>
            {t('nav.settings')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={onSignOut}>
            {t('nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MobileDrawer({ user, onSignOut }: { user: User | null | undefined; onSignOut: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" className="show-mobile" aria-label={t('nav.openMenu')}>
          ☰
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-overlay" />
        <DialogPrimitive.Content className="drawer">
          <DialogPrimitive.Title className="dialog-title">{t('common.appName')}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t('nav.mainNavigation')}</DialogPrimitive.Description>
          {user ? <p className="drawer-balance">{t('nav.balance')}: {formatMoney(user.balance)}</p> : null}
          <nav className="drawer-links" aria-label={t('nav.mainNavigation')}>
            {/* A visitor is offered only what a visitor can open; the protected pages would send them to /auth. */}
            {(user ? navLinks(user) : [{ to: paths.marketplace.getHref(), key: 'nav.marketplace' }]).map((link) => (
              <Link key={link.to} to={link.to} onClick={() => setOpen(false)}>
                {t(link.key)}
              </Link>
            ))}
            <Link to={paths.leaderboardAnchor.getHref()} onClick={() => setOpen(false)}>
              {t('nav.leaderboard')}
            </Link>
            {user ? (
              <>
                <Link to={paths.profile.getHref()} onClick={() => setOpen(false)}>
                  {t('nav.profile')}
                </Link>
                <button type="button" className="link-button" onClick={() => (setOpen(false), onSignOut())}>
                  {t('nav.logout')}
                </button>
              </>
            ) : (
              <Link to={paths.auth.getHref()} onClick={() => setOpen(false)}>
                {t('nav.signIn')}
              </Link>
            )}
          </nav>
          <LanguageSelector id="language-selector-drawer" />
          <DialogPrimitive.Close className="dialog-close" aria-label={t('common.close')}>
            ×
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Spec section 2 header: links, live-updates dot, balance, Deposit, language, user menu, Moderation for moderators and admins, Admin Panel for admins. */
export function Header() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const signOut = useSignOut();
  return (
    <header className="header">
      <div className={user ? `header-inner header-signed-in${user.isAdmin ? ' header-admin' : ''}` : 'header-inner'}>
        <MobileDrawer user={user} onSignOut={signOut} />
        <Link to={user ? (user.isAdmin ? paths.admin.getHref() : paths.dashboard.getHref()) : paths.marketplace.getHref()} className="brand">
          🎮 <span className="brand-name">{t('common.appName')}</span>
        </Link>
        <nav className="header-links hide-mobile" aria-label={t('nav.mainNavigation')}>
          {user
            ? navLinks(user).map((link) => (
                <NavLink key={link.to} to={link.to} className={({ isActive }) => (isActive ? 'active' : '')}>
                  {t(link.key)}
                </NavLink>
              ))
            : null}
          {user ? <Link to={paths.leaderboardAnchor.getHref()}>{t('nav.leaderboard')}</Link> : null}
        </nav>
        <div className="header-actions">
          {user ? (
            <>
              <ConnectionIndicator />
              <span className="header-balance" data-testid="header-balance" title={t('nav.balance')}>
                <span className="sr-only">{t('nav.balance')}: </span>
                {formatMoney(user.balance)}
              </span>
              <Link className="btn btn-primary btn-sm hide-mobile" to={paths.deposit.getHref()}>
                {t('nav.deposit')}
              </Link>
            </>
          ) : null}
          <span className="hide-mobile">
            <LanguageSelector />
          </span>
          {user ? (
            <>
              <NotificationBell user={user} />
              <UserMenu user={user} onSignOut={signOut} />
            </>
          ) : (
            <Link className="btn btn-outline btn-sm" to={paths.auth.getHref()}>
              {t('nav.signIn')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
