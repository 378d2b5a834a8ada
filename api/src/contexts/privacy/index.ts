/**
 * The privacy context: a person's rights over their data (a copy of it; erasure). No streams of
 * its own for the export: it reads the person's streams from the log (docs/architecture.md,
 * "Personal data and erasure"; routes: docs/api/accounts.md).
 */
import type { ContextModule } from '../../runtime/context.js';
import { privacyRoutes } from './routes.js';
import { ErasureJob } from './erasure.js';
import { retentionJob } from './retention.js';

export { buildPersonalDataExport, type PersonalDataExport } from './export.js';

export const privacyContext: ContextModule = {
  name: 'privacy',
  routes: privacyRoutes,
  jobs: (deps) => [new ErasureJob(deps), retentionJob(deps)],
};
