/**
 * The support context as one module (issue 15): Contact Us and Report Abuse messages, stored as
 * events and a read model for the admins, who are emailed through the outbox.
 */
import type { ContextModule } from '../../runtime/context.js';
import { supportMailReactor } from './reactors.js';
import { supportRoutes } from './routes.js';

export const supportContext: ContextModule = {
  name: 'support',
  routes: supportRoutes,
  reactors: (deps) => [supportMailReactor(deps)],
};
