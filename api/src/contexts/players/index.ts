/**
 * The players context as one module (issue 15): player profiles to find and challenge directly,
 * and the leaderboard. Read-only: it reads the users, user_stats and settlement read models.
 */
import type { ContextModule } from '../../runtime/context.js';
import { playersRoutes } from './routes.js';

export const playersContext: ContextModule = {
  name: 'players',
  routes: playersRoutes,
};
export { playerCard, playerCards, playerNames, playerSummaries, type PlayerCard } from './cards.js';
