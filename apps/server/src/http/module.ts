import type { FastifyInstance } from 'fastify';
import type { Route } from './routes.js';

/** A background job a module runs on the shared queue (pg-boss), on a schedule. */
export type ModuleJob = { name: string; cron: string; run: () => Promise<unknown> };

/** Routes that need something around them in a scope of their own (content parsers, hooks). */
export type ScopedRoutes = { routes: readonly Route[]; setup: (app: FastifyInstance) => void | Promise<void> };

/**
 * One bounded context of the server, as `app.ts` composes it: its routes (declarations joined to handlers),
 * those that need a scope of their own, its scheduled jobs, and start/stop for
 * its workers and listeners. Other modules use its public entry (`index.ts`), never its files.
 */
export type ServerModule = {
  name: string;
  routes?: readonly Route[];
  scoped?: readonly ScopedRoutes[];
  jobs?: readonly ModuleJob[];
  /** Runs once the app is built, before it listens. */
  start?: () => void | Promise<void>;
  /** Runs when the app closes, in reverse order of the modules. */
  stop?: () => void | Promise<void>;
};
