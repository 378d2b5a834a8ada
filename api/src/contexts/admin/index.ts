/**
 * The admin context as one module: no streams of its own. Its routes compose the other contexts
 * through their public APIs; every admin action is an event in the stream it touches with
 * `metadata.actor = admin:<id>` (docs/architecture.md).
 */
import type { ContextModule } from '../../runtime/context.js';
import { adminRoutes } from './routes.js';

export const adminContext: ContextModule = {
  name: 'admin',
  routes: adminRoutes,
};
