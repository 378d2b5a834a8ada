/**
 * The profile feature's public face: what the app and the other features may use. Anything else
 * in this folder is the feature's own (the layering rule in .dependency-cruiser.cjs checks it).
 */
export { saferPlayQueries, useSaferPlayLimits } from './api/safer-play';
export { ProfileSettings } from './components/profile-settings';
export { RealityCheckReminder } from './components/reality-check';
export { SaferPlayBanner, breakInForce } from './components/safer-play-banner';
export { SaferPlayNotice } from './components/safer-play-notice';
