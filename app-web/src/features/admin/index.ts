/**
 * The admin feature's public face: what the app and the other features may use. Anything else
 * in this folder is the feature's own (the layering rule in .dependency-cruiser.cjs checks it).
 */
export { adminQueries } from './api/admin-queries';
export { AdminPanel } from './components/admin-panel';
export { DisputeReview } from './components/dispute-review';
export { UserRecord } from './components/user-record';
