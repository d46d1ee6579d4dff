import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { createPageTypeRules } from './page-type-rules.js';
import { pageTypeRoutes } from './page-types.routes.js';

export { createPageTypeRules, type PageTypeRules } from './page-type-rules.js';

/** Page types: each business's own rules for typing its pages, kept in this process for the scorer. */
export function createPageTypesModule(db: Db, log: FastifyBaseLogger) {
  const rules = createPageTypeRules(db, log);
  const module: ServerModule = { name: 'page-types', routes: pageTypeRoutes(db, rules) };
  return { module, rules };
}
