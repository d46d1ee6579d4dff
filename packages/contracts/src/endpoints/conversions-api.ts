import {
  conversionsApiLogQuerySchema,
  conversionsApiLogResponseSchema,
  conversionsApiSettingsBodySchema,
} from '../conversions-api.js';
import { endpoint, READ, write } from '../endpoint.js';
import { integrationParamsSchema, integrationSchema } from '../integrations.js';

/** The Meta Conversions API integration's send log (every role reads) and its switches (owner or admin). */
export const conversionsApiEndpoints = {
  getConversionsApiLog: endpoint({
    method: 'GET',
    path: '/integrations/:id/conversions-api/events',
    access: READ,
    tag: 'integrations',
    summary:
      "The Conversions API integration's recent sends, newest first: event, dedupe id, status and Meta's answer (events_received, fbtrace_id, messages) or error",
    params: integrationParamsSchema,
    query: conversionsApiLogQuerySchema,
    response: conversionsApiLogResponseSchema,
  }),
  updateConversionsApiSettings: endpoint({
    method: 'PATCH',
    path: '/integrations/:id/conversions-api/settings',
    access: write('owner', 'admin'),
    tag: 'integrations',
    summary:
      'Switches predicted-value events (readiness 80) on or off and sets or clears the Test Events code (owner or admin)',
    params: integrationParamsSchema,
    body: conversionsApiSettingsBodySchema,
    response: integrationSchema,
  }),
};
