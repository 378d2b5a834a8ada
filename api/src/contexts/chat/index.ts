/**
 * The chat context as one module: a bet's chat, its messages (people's and the system's), the
 * moderator's request and arrival, live delivery over /ws.
 */
import type { ContextModule } from '../../runtime/context.js';
import { chatLive } from './live.js';
import { chatSystemMessagesReactor } from './reactors.js';
import { chatRoutes } from './routes.js';
import { chatTrail } from './trail.js';

export const chatContext: ContextModule = {
  name: 'chat',
  routes: chatRoutes,
  reactors: (deps) => [chatSystemMessagesReactor(deps)],
  live: chatLive,
  trail: chatTrail,
};

/** The chat's public API for other contexts: a platform message in a bet's chat, its id derived from the event that caused it. */
export { postSystemMessage as postChatSystemMessage } from './commands.js';
/** Retention and erasure (the privacy context): a chat's texts shredded, a bet's evidence files deleted, on record. */
export { purgeChat, purgeEvidence } from './commands.js';
