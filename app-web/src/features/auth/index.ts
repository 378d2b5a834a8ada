/**
 * The auth feature's public face: what the app and the other features may use. Anything else
 * in this folder is the feature's own (the layering rule in .dependency-cruiser.cjs checks it).
 */
export { formResolver, profileSchema } from './api/schemas';
export type { ProfileForm } from './api/schemas';
export { safeRedirect, useAuthActions } from './api/use-auth-actions';
export { authScreenHold, knowSignedOutVisitor, pendingAccount, useLogout, useRequestReset, useUser, userQueries } from './api/user-queries';
export { NewPasswordForm } from './components/new-password-form';
export { GeoBanner, QuickAuth } from './components/quick-auth';
export { RegisterForm } from './components/register-form';
export { SignInForm } from './components/sign-in-form';
export { VerifiedNotice, VerifyEmailForm } from './components/verify-email-form';
export { TIMEZONES } from './timezones';
export { FrozenAccountNotice, FrozenMoneyNotice, freezeInForce } from './components/frozen-account-notice';
