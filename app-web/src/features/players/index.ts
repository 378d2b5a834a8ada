/**
 * The players feature's public face: what the app and the other features may use. Anything else
 * in this folder is the feature's own (the layering rule in .dependency-cruiser.cjs checks it).
 */
export { playerQueries } from './api/player-queries';
export type { OpponentFilters, PlayerProfile } from './api/player-queries';
export { LeaderboardPanel } from './components/leaderboard-panel';
