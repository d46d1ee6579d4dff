import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { type Route, route } from '../../http/routes.js';
import type { PageTypeRules } from './page-type-rules.js';
import { readPageTypes, replacePageTypes } from './page-types.service.js';

/** `/tracking/page-types`: the business's page-type rules and the pages they apply to. */
export const pageTypeRoutes = (db: Db, pageTypes: PageTypeRules): Route[] => [
  route(API.getPageTypes, ({ access }) => readPageTypes(db, access.business.id)),
  // A change re-types and rescores the business's recent sessions (up to 5,000).
  route(
    API.putPageTypes,
    ({ access, body, auth }) => replacePageTypes(db, pageTypes, access.business.id, body.rules, auth.userId),
    { expensive: true },
  ),
];
