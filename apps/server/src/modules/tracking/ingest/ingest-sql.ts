/** A number from the event's JSON data, clamped, or NULL when the value is not a JSON number. */
const num = (key: string, max: number) =>
  `least(${max}, greatest(0, CASE WHEN jsonb_typeof(data->'${key}') = 'number' THEN (data->>'${key}')::float8 END))`;

/** Session columns taken from the landing request and kept thereafter. */
export const CONTEXT_COLUMNS = [
  ['device_type', 'text'],
  ['browser', 'text'],
  ['os', 'text'],
  ['country', 'text'],
  ['region', 'text'],
  ['city', 'text'],
  ['referrer', 'text'],
  ['utm_source', 'text'],
  ['utm_medium', 'text'],
  ['utm_campaign', 'text'],
  ['utm_term', 'text'],
  ['utm_content', 'text'],
  ['fbclid', 'text'],
  ['gclid', 'text'],
  ['lang', 'text'],
  ['timezone', 'text'],
  ['screen_w', 'int'],
  ['screen_h', 'int'],
  ['client_net', 'text'],
] as const;

/** Running totals added on every batch: [column, SQL over the newly stored events of the session]. */
const SUMS = [
  ['events_count', 'count(*)::int'],
  ['page_views', `count(*) FILTER (WHERE type = 'page_view')::int`],
  ['clicks', `count(*) FILTER (WHERE type = 'click')::int`],
  ['rage_clicks', `count(*) FILTER (WHERE type = 'rage_click')::int`],
  ['form_interactions', `count(*) FILTER (WHERE type = 'form_interaction')::int`],
  ['form_submits', `count(*) FILTER (WHERE type = 'form_interaction' AND data->>'action' = 'submit')::int`],
  ['cta_hovers', `count(*) FILTER (WHERE type = 'cta_hover')::int`],
  ['cta_hover_ms', `coalesce(sum(${num('dur', 86_400_000)}) FILTER (WHERE type = 'cta_hover'), 0)::bigint`],
  ['mouse_moves', `coalesce(sum(${num('moves', 100_000)}) FILTER (WHERE type = 'mouse_movement'), 0)::int`],
  ['hesitations', `count(*) FILTER (WHERE type = 'hesitation')::int`],
  ['viewport_ms', `coalesce(sum(${num('dur', 86_400_000)}) FILTER (WHERE type = 'viewport'), 0)::bigint`],
  ['active_ms', `coalesce(sum(${num('active_ms', 86_400_000)}) FILTER (WHERE type = 'page_hide'), 0)::bigint`],
  ['conversions', `count(*) FILTER (WHERE type = 'conversion')::int`],
  ['conversion_value', `coalesce(sum(${num('value', 1_000_000_000)}) FILTER (WHERE type = 'conversion'), 0)::float8`],
] as const;

const contextNames = CONTEXT_COLUMNS.map(([c]) => c);
const sumNames = SUMS.map(([c]) => c);
/** Parameter number of the visitors' states; the two after it are their count and `firstServerItem`. */
const VISITORS = 10 + CONTEXT_COLUMNS.length;
const ctxParams = CONTEXT_COLUMNS.map(([, type], i) => `$${8 + i}::${type}[]`).join(', ');

/**
 * The whole write of a flush in one statement, so one round trip commits many requests atomically:
 * events are inserted (duplicates by business and event id are skipped), only the newly stored ones
 * are aggregated per session, sessions are upserted with those running totals, the visitors' states of
 * server-assigned sessions are stored, and the answer says how many events of each request were stored.
 *
 * Server-assigned sessions were planned from states this process knew (decision 0012), so their writes are
 * checked: each visitor's state is stored only over the version it was planned from, and every event of
 * those sessions must be new (items from `firstServerItem` on). When either fails, `ingest_conflict` aborts
 * the statement and nothing of the flush is written. Parameters: see `buildIngestParams`.
 */
export const INGEST_SQL = `
WITH input AS (
  SELECT r AS req, b AS business_id, i AS id, s AS session_id, t AS type, o AS occurred_at, u AS url, ti AS title,
    e AS el, d AS data
  FROM json_to_recordset($1::json)
    AS x(r int, b uuid, i uuid, s uuid, t text, o timestamptz, u text, ti text, e text, d jsonb)
),
ins AS (
  INSERT INTO tracking_events (business_id, id, session_id, type, occurred_at, url, title, el, data)
  SELECT business_id, id, session_id, type, occurred_at, url, title, el, data FROM input
  ON CONFLICT DO NOTHING
  RETURNING business_id, id, session_id, type, occurred_at, url, title, data
),
agg AS (
  SELECT business_id, session_id,
    ${SUMS.map(([c, expr]) => `${expr} AS ${c}`).join(',\n    ')},
    coalesce(max(${num('depth', 100)}) FILTER (WHERE type IN ('scroll', 'page_hide')), 0)::int AS max_scroll_depth,
    min(occurred_at) AS first_at,
    max(occurred_at) AS last_at,
    (array_agg(url ORDER BY occurred_at) FILTER (WHERE type = 'page_view'))[1] AS first_url,
    (array_agg(title ORDER BY occurred_at) FILTER (WHERE type = 'page_view'))[1] AS first_title,
    (array_agg(url ORDER BY occurred_at DESC) FILTER (WHERE url IS NOT NULL))[1] AS last_url,
    (array_agg(title ORDER BY occurred_at DESC) FILTER (WHERE url IS NOT NULL))[1] AS last_title
  FROM ins GROUP BY business_id, session_id
),
ctx AS (
  SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::int[], $7::timestamptz[], ${ctxParams},
                       $${8 + CONTEXT_COLUMNS.length}::text[], $${9 + CONTEXT_COLUMNS.length}::text[])
    AS c(business_id, session_id, tracking_id, visitor_id, timeout_ms, received_at, ${contextNames.join(', ')},
         traffic_source, origin)
),
up AS (
  INSERT INTO tracking_sessions AS s (business_id, id, tracking_id, visitor_id, timeout_ms, started_at, last_event_at,
    ${sumNames.join(', ')}, max_scroll_depth, first_url, first_title, last_url, last_title,
    ${contextNames.join(', ')}, traffic_source, origin)
  SELECT c.business_id, c.session_id, c.tracking_id, c.visitor_id, c.timeout_ms,
    coalesce(a.first_at, c.received_at), coalesce(a.last_at, c.received_at),
    ${sumNames.map((n) => `coalesce(a.${n}, 0)`).join(', ')}, coalesce(a.max_scroll_depth, 0),
    a.first_url, a.first_title, a.last_url, a.last_title,
    ${contextNames.map((n) => `c.${n}`).join(', ')}, c.traffic_source, c.origin
  FROM ctx c LEFT JOIN agg a ON a.business_id = c.business_id AND a.session_id = c.session_id
  ON CONFLICT (business_id, id) DO UPDATE SET
    started_at = least(s.started_at, excluded.started_at),
    last_event_at = CASE WHEN excluded.events_count > 0 THEN greatest(s.last_event_at, excluded.last_event_at) ELSE s.last_event_at END,
    ${sumNames.map((n) => `${n} = s.${n} + excluded.${n}`).join(',\n    ')},
    max_scroll_depth = greatest(s.max_scroll_depth, excluded.max_scroll_depth),
    first_url = coalesce(s.first_url, excluded.first_url),
    first_title = coalesce(s.first_title, excluded.first_title),
    last_url = CASE WHEN excluded.last_event_at >= s.last_event_at THEN coalesce(excluded.last_url, s.last_url) ELSE s.last_url END,
    last_title = CASE WHEN excluded.last_event_at >= s.last_event_at THEN coalesce(excluded.last_title, s.last_title) ELSE s.last_title END,
    ${contextNames.map((n) => `${n} = coalesce(s.${n}, excluded.${n})`).join(',\n    ')},
    origin = coalesce(excluded.origin, s.origin)
  RETURNING 1
),
vis AS (
  INSERT INTO tracking_visitors AS v (business_id, visitor_id, state, version)
  SELECT b, u, s, n FROM json_to_recordset($${VISITORS}::json) AS x(b uuid, u uuid, s jsonb, n bigint)
  ON CONFLICT (business_id, visitor_id) DO UPDATE
    SET state = excluded.state, version = excluded.version, updated_at = now()
    WHERE v.version = excluded.version - 1
  RETURNING 1
),
stored AS (SELECT i.req FROM input i JOIN ins USING (business_id, id)),
checked AS (
  SELECT CASE
    WHEN (SELECT count(*) FROM vis) <> $${VISITORS + 1}::int THEN ingest_conflict('visitor state changed since it was read')
    WHEN (SELECT count(*) FROM stored WHERE req >= $${VISITORS + 2}::int)
      <> (SELECT count(*) FROM input WHERE req >= $${VISITORS + 2}::int) THEN ingest_conflict('events already stored')
    ELSE true END AS ok
)
SELECT req, count(*)::int AS stored FROM stored WHERE (SELECT ok FROM checked) GROUP BY req
`;

/** SQLSTATE of `ingest_conflict` (migration 0006). */
export const INGEST_CONFLICT = 'RIV01';
