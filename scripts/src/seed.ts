/**
 * `npm run seed`: an admin account and two demo players, idempotently. The admin comes from
 * ADMIN_EMAIL / ADMIN_PASSWORD; without them, in development, a password is generated and
 * printed once (when the admin is created). Works before `npm start` and while it runs: it
 * opens the same infrastructure (joining the running embedded database) and catches the read
 * models up itself, so the accounts can sign in at once.
 */
import { randomBytes } from 'node:crypto';
import { v4 as uuidv4, v5 as uuidv5 } from 'uuid';
import { ConflictError, type Position } from '@wager/domain';
import { ProjectionRunner, allProjectors, waitForCheckpoints } from '@wager/projections';
import { loadConfigOrExit, type Config } from '../../api/src/config.js';
import { systemClock } from '../../api/src/deps.js';
import { openInfrastructure } from '../../api/src/infrastructure.js';
import { grantAdmin, registerAccount, type AccountDeps } from '../../api/src/contexts/accounts/commands.js';

/** Seeded account ids are UUIDv5 of their email under this namespace, so a rerun finds them. */
export const SEED_NAMESPACE = '0b6f5d8e-7c1a-4a57-9d0e-5e2f3c4b1a90';
export const DEFAULT_ADMIN_EMAIL = 'admin@wager.local';
export const DEMO_PASSWORD = 'DemoPlayer1';
export const SEED_WAIT_MS = 30_000;

interface SeedAccount {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly admin: boolean;
  readonly country: string;
  readonly currency: string;
  readonly psnUsername: string | null;
  readonly activisionId: string | null;
}

function demoPlayers(): SeedAccount[] {
  return [
    { username: 'demo_player1', email: 'player1@demo.wager.local', password: DEMO_PASSWORD, admin: false, country: 'NG', currency: 'NGN', psnUsername: 'demo_psn_1', activisionId: 'demo1#1001' },
    { username: 'demo_player2', email: 'player2@demo.wager.local', password: DEMO_PASSWORD, admin: false, country: 'GB', currency: 'GBP', psnUsername: 'demo_psn_2', activisionId: 'demo2#1002' },
  ];
}

/** The admin account the config asks for, or null (with the reason) when none may be created. */
function adminAccount(config: Config): { account: SeedAccount; generated: boolean } | { skip: string } {
  const email = config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  if (config.ADMIN_PASSWORD) return { account: { username: 'admin', email, password: config.ADMIN_PASSWORD, admin: true, country: 'NG', currency: 'NGN', psnUsername: null, activisionId: null }, generated: false };
  if (config.NODE_ENV !== 'development') return { skip: 'ADMIN_PASSWORD is not set (a generated password is only offered in development)' };
  const password = `Adm1n-${randomBytes(9).toString('base64url')}`;
  return { account: { username: 'admin', email, password, admin: true, country: 'NG', currency: 'NGN', psnUsername: null, activisionId: null }, generated: true };
}

/** Creates the account unless its email is already claimed; returns whether it was created, and its id. */
async function ensureAccount(deps: AccountDeps, account: SeedAccount): Promise<{ created: boolean; userId: string }> {
  const existing = await deps.db.selectFrom('account_claims').select('user_id').where('kind', '=', 'email').where('value_lower', '=', account.email.toLowerCase()).executeTakeFirst();
  if (existing) return { created: false, userId: existing.user_id };
  const userId = uuidv5(account.email.toLowerCase(), SEED_NAMESPACE);
  try {
    await registerAccount(deps, {
      userId,
      profile: {
        username: account.username,
        email: account.email,
        phoneNumber: null,
        psnUsername: account.psnUsername,
        activisionId: account.activisionId,
        country: account.country,
        timezone: 'UTC',
        preferredCurrency: account.currency,
        preferredLanguage: 'en',
        dateOfBirth: '1990-01-01',
      },
      password: account.password,
      signupForm: 'seed',
      ipAddress: null,
      preVerified: true,
    });
    return { created: true, userId };
  } catch (error) {
    // A concurrent seed (or a user who took the name) got there first.
    if (error instanceof ConflictError) return { created: false, userId };
    throw error;
  }
}

export async function seed(config: Config, log: (line: string) => void = console.log): Promise<void> {
  const infra = await openInfrastructure(config, { log });
  // Its own runner catches the read models up when no server runs; with a server running, both
  // runners are safe together (each batch locks the projector's checkpoint row). Waiting polls
  // the checkpoints, so it does not matter which of them applied the events.
  const projectors = allProjectors();
  const runner = new ProjectionRunner({ store: infra.store, db: infra.db, projectors, log });
  const caughtUp = (position: Position, timeoutMs = SEED_WAIT_MS) => waitForCheckpoints(infra.db, projectors.map((p) => p.name), position, { timeoutMs });
  runner.start();
  try {
    const deps: AccountDeps = {
      config,
      store: infra.store,
      db: infra.db,
      clock: systemClock,
      ids: { uuid: () => uuidv4() },
      projections: { waitFor: caughtUp, status: () => runner.status() },
    };
    const admin = adminAccount(config);
    if ('skip' in admin) log(`admin: skipped — ${admin.skip}`);
    else {
      const result = await ensureAccount(deps, admin.account);
      await grantAdmin(deps, result.userId, 'seed');
      if (result.created) log(`admin: created ${admin.account.email}${admin.generated ? ` with password ${admin.account.password}  (shown once; store it now)` : ''}`);
      else log(`admin: ${admin.account.email} already exists (unchanged)`);
    }
    for (const player of demoPlayers()) {
      const result = await ensureAccount(deps, player);
      log(`demo: ${player.username} <${player.email}> ${result.created ? `created, password ${player.password}` : 'already exists'}`);
    }
    const head = await infra.store.headPosition();
    if (head && !(await caughtUp(head))) log('warning: the read models did not catch up in time; they will when the server runs');
  } finally {
    await runner.stop();
    await infra.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfigOrExit();
  seed(config).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Seed failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
