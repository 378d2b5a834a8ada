/**
 * The admin context as one module: no streams of its own. Its routes compose the other contexts
 * through their public APIs; every admin action is an event in the stream it touches with
 * `metadata.actor = admin:<id>` (docs/architecture.md).
 */
import type { ContextModule } from '../../runtime/context.js';
import { adminRoutes } from './routes.js';
import { AuditJob } from './audit.js';

export const adminContext: ContextModule = {
  name: 'admin',
  routes: adminRoutes,
  // The ledger audit on a schedule (AUDIT_INTERVAL_MINUTES; 0: only from the panel or the CLI).
  jobs: (deps) => (deps.config.AUDIT_INTERVAL_MINUTES > 0 ? [new AuditJob(deps, deps.config.AUDIT_INTERVAL_MINUTES * 60_000)] : []),
};
