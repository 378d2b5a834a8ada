/**
 * The live feature's public face: what the app and the other features may use. Anything else
 * in this folder is the feature's own (the layering rule in .dependency-cruiser.cjs checks it).
 */
export { liveQueries } from './api/live-queries';
export { LiveMatchSection } from './components/live-match-section';
export { LiveMatchesPanel } from './components/live-matches-panel';
export { TrackerSuggestion } from './components/tracker-suggestion';
