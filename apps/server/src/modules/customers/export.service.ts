import {
  CSV_MEDIA_TYPE,
  type CustomerExportQuery,
  csvLine,
  customerExportFileName,
  customerExportHeader,
  customerExportRow,
  EXPORT_TOTAL_HEADER,
} from '@ri/contracts';
import type { FastifyReply } from 'fastify';
import type { SqlExecutor } from '../../db/client.js';
import { listWhere } from './customers.repo.js';
import { segmentRules } from './segments.service.js';

// Export Analysis (GET customer-profiles/export): every customer the list's filters match, streamed as CSV while
// it is read, so half a million customers cost the server one batch of memory and the browser one request.

/** Customers read per query. */
export const EXPORT_BATCH = 1000;

const COLUMNS = `id, name, first_name, last_name, email, neuromind_profile, readiness_score, engagement_level,
  churn_risk, lifetime_value, journey_stage, acquisition_source, total_sessions, last_activity, conversion_probability`;

const n = (v: unknown) => (v == null ? null : Number(v));

/** Resolves when the socket can take more, or when the reader has gone (then `closed` is true). */
function writable(raw: FastifyReply['raw']): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('drain', done);
    raw.on('close', done);
  });
}

/**
 * Streams the export. A filter that is wrong, or a segment of another business, answers its 4xx before any byte
 * is sent. The batches walk the activity index by key, (last activity, id) below the last row sent, so the
 * 500th batch costs what the first does and a customer rebuilt meanwhile is never sent twice. A failure after the
 * header has gone out cuts the connection instead of ending the file, so a reader never takes a partial file for
 * a whole one.
 */
export async function exportCustomers(
  q: SqlExecutor,
  businessId: string,
  query: CustomerExportQuery,
  reply: FastifyReply,
  batch = EXPORT_BATCH,
): Promise<undefined> {
  const rules = query.segment_id ? await segmentRules(q, businessId, query.segment_id) : null;
  const now = new Date();
  const where = listWhere(businessId, query, rules, now.getTime());
  const filter = where.clauses.join(' AND ');
  // The header names the currency only when every exported customer with one shares it: known before row one.
  const { rows } = await q(
    `SELECT count(*) AS n, count(DISTINCT currency) AS currencies, min(currency) AS currency
       FROM customers WHERE ${filter}`,
    where.values,
  );
  const total = Number(rows[0]?.n ?? 0);
  const currency = Number(rows[0]?.currencies ?? 0) === 1 ? (rows[0]?.currency as string) : null;

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': `${CSV_MEDIA_TYPE}; charset=utf-8`,
    'content-disposition': `attachment; filename="${customerExportFileName(query.profile_type, now.toISOString().slice(0, 10))}"`,
    [EXPORT_TOTAL_HEADER]: String(total),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  let closed = false;
  raw.on('close', () => {
    closed = true;
  });
  try {
    raw.write(csvLine(customerExportHeader(currency)));
    let after: { at: string; id: string } | null = null;
    while (!closed) {
      const values = [...where.values];
      let keyset = '';
      if (after) {
        values.push(after.at, after.id);
        keyset = ` AND (last_activity, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`;
      }
      // The batch's ids from the activity index (which carries the filter columns), then their rows, as the list.
      const page = await q(
        `SELECT ${COLUMNS}, page_at FROM customers
           JOIN (SELECT id AS page_id, last_activity AS page_key, last_activity::text AS page_at FROM customers
                  WHERE ${filter}${keyset} ORDER BY last_activity DESC, id DESC LIMIT ${batch}) page
             ON business_id = $1 AND id = page_id
          ORDER BY page_key DESC, page_id DESC`,
        values,
      );
      if (page.rows.length === 0) break;
      let text = '';
      for (const r of page.rows) {
        text += csvLine(
          customerExportRow({
            id: r.id as string,
            name: (r.name as string | null) ?? null,
            first_name: (r.first_name as string | null) ?? null,
            last_name: (r.last_name as string | null) ?? null,
            email: (r.email as string | null) ?? null,
            neuromind_profile: (r.neuromind_profile as never) ?? null,
            readiness_score: n(r.readiness_score),
            engagement_level: r.engagement_level as never,
            churn_risk: n(r.churn_risk),
            lifetime_value: n(r.lifetime_value),
            journey_stage: r.journey_stage as never,
            acquisition_source: r.acquisition_source as string,
            total_sessions: Number(r.total_sessions),
            last_activity: new Date(r.last_activity as string).toISOString(),
            conversion_probability: n(r.conversion_probability),
          }),
        );
      }
      const last = page.rows.at(-1)!;
      after = { at: last.page_at as string, id: last.id as string };
      if (!raw.write(text)) await writable(raw);
      if (page.rows.length < batch) break;
    }
    raw.end();
  } catch (error) {
    reply.log.error({ err: error, businessId }, 'customer export failed after its header was sent');
    raw.destroy();
  }
  return undefined;
}
