/**
 * The person's rights over their data (NDPA 2023, GDPR): a copy of it (export) and erasure.
 * Messages shared by the server and the web app.
 */
export const PRIVACY_MESSAGES = {
  tooManyExports: 'Too many data exports. Please try again later.',
} as const;

/** Exports read many streams: a few an hour per person. */
export const EXPORTS_PER_HOUR_MAX = 5;
