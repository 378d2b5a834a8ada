/**
 * The accounts context as one module: sign-up, sign-in, sessions, verification, reset, profile,
 * currency, location. Its public API (for other contexts and scripts) is exported here.
 */
import type { ContextModule } from '../../runtime/context.js';
import { verificationMailReactor, verificationSmsReactor } from './reactors.js';
import { smsOutboxJob } from '../../adapters/sms/sender-job.js';
import { smsSenderFromConfig } from '../../adapters/providers.js';
import { accountsRoutes } from './routes.js';
import { LegacyPhoneStreamJob } from './commands/phone-streams.js';

export { toUserJson, loadUserJson, loadUserBalances, userJsonSchema, DEFAULT_BALANCES, type UserJson, type UserBalances } from './user-json.js';
export { grantAdmin, verifyUserAge, changeAdminNote, setModeratorRole, restrictAccount, registerAccount, runUserCommand, releasePhone, userStateOf, type AccountDeps } from './commands.js';
export { hit, type RateLimit } from './rate-limit.js';
export { appSecret } from './secrets.js';
export { verifyPassword } from './passwords.js';

export const accountsContext: ContextModule = {
  name: 'accounts',
  routes: accountsRoutes,
  reactors: (deps) => [verificationMailReactor(deps), verificationSmsReactor(deps)],
  // The SMS outbox's sender: Termii, or the Termii sandbox outside production; and the move of
  // phone streams named by the number to their keyed names.
  jobs: (deps) => [smsOutboxJob(deps, () => smsSenderFromConfig(deps.config)), new LegacyPhoneStreamJob(deps)],
  // A user hears of their own account stream (`user-<id>`).
  live: { ownStreamTypes: ['user'] },
};
