/**
 * What a context brings to the app, as one module (`api/src/contexts/<context>/index.ts`). The
 * composition root (app.ts, main.ts, the test harness) reads the registry
 * (`api/src/contexts/index.ts`); nothing in runtime imports a context. Adding a context is adding
 * its folder and one line in the registry.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { BackgroundJob } from './jobs.js';
import type { Reactor } from './reactor-runner.js';
import type { TrailContributor } from './trail.js';
import type { LiveRules } from './visibility.js';

export interface ContextModule {
  readonly name: string;
  /** The context's HTTP surface: one encapsulated Fastify plugin. */
  readonly routes: FastifyPluginAsync;
  /** Its process managers (run in the `project` role). */
  readonly reactors?: (deps: AppDeps) => Reactor[];
  /** Its timers (run in the `project` role). */
  readonly jobs?: (deps: AppDeps) => BackgroundJob[];
  /** Who hears of its streams over /ws. */
  readonly live?: LiveRules;
  /** What it knows about a bet, for the admin's dispute trail (runtime/trail.ts). */
  readonly trail?: TrailContributor;
}
