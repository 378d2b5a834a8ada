/**
 * The push context as one module (issue 24): a player's push devices and the VAPID public key.
 * Whoever notifies writes `push_outbox`; the platform's push sender job delivers it.
 */
import type { ContextModule } from '../../runtime/context.js';
import { pushRoutes } from './routes.js';

export const pushContext: ContextModule = {
  name: 'push',
  routes: pushRoutes,
};
