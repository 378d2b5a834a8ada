/**
 * The person's rights over their data (NDPA 2023, GDPR): a copy of it (export) and erasure.
 * Messages shared by the server and the web app.
 */
export const PRIVACY_MESSAGES = {
  tooManyExports: 'Too many data exports. Please try again later.',
  openBets: 'Open bets must be settled or cancelled before the account can be erased',
  openPools: 'Open pools must finish before the account can be erased',
  balanceLeft: 'The balance must be withdrawn before the account can be erased',
  noErasureRequest: 'There is no erasure request to cancel',
  passwordRequired: 'Enter your password to confirm',
  wrongPassword: 'Wrong password',
} as const;

/** Exports read many streams: a few an hour per person. */
export const EXPORTS_PER_HOUR_MAX = 5;

/** How long an erasure request waits before it is carried out (the player can cancel meanwhile). */
export const ERASURE_COOLING_HOURS_DEFAULT = 168;
