import { expandCompactBatch } from '@ri/contracts';

/** What the SDK's `fetch` gets back: the only parts it reads. */
export type SdkResponse = { status: number; headers: { get(name: string): string | null } };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A pause shared by every visitor of a run: after a 429 or 503 no visitor sends until the server's
 * Retry-After has passed, as one client address behind many tabs would be throttled.
 */
export class Gate {
  private until = 0;
  /** Closes the gate for `ms` (never shortening an existing pause). */
  close(ms: number): void {
    this.until = Math.max(this.until, Date.now() + ms);
  }
  /** Resolves when the gate is open. */
  async pass(): Promise<void> {
    for (let wait = this.until - Date.now(); wait > 0; wait = this.until - Date.now()) await sleep(wait);
  }
}

export type ForwarderOptions = {
  /** Where batches really go (the SDK's endpoint). */
  endpoint: string;
  /** The site's origin, sent as Origin (the server's allow-list checks it). */
  origin: string;
  userAgent: string;
  /** A per-visitor client address for X-Forwarded-For. */
  ip: string;
  /** Attempts per batch, fetch and beacon alike, before it counts as lost. */
  maxAttempts: number;
  /** Longest real pause after a 429/503 (Retry-After is honoured up to this), ms. */
  retryWaitCapMs: number;
  /** The run's shared pause after 429/503 (one per forwarder when omitted). */
  gate?: Gate;
};

/** Delivery figures of one visitor. */
export type DeliveryStats = {
  requests: number;
  /** Answers 429 or 5xx, and network failures. */
  retries: number;
  /** Distinct events stored (2xx), per session id. */
  eventsBySession: Record<string, number>;
  eventsByType: Record<string, number>;
  visitorId?: string;
  /** Events of batches refused for good (4xx) or given up after `maxAttempts`. */
  eventsLost: number;
  errors: string[];
  /** The server's answer to a refused batch (403 origin, 404 tracking id…), for a clear report. */
  refusal?: { status: number; message: string };
};

type Batch = {
  /** Absent in wire v3 (today's SDK): the server assigns the session and names it in its answer. */
  session_id?: string;
  visitor_id: string;
  sent_at: number;
  events: { id: string; type: string }[];
  /** The body exactly as the SDK encoded it (v3 compact today); this is what is posted. */
  raw: Record<string, unknown>;
};

/** A batch's identity across retries (fetch and beacon alike): its session (if it names one) and first event. */
export const batchKey = (b: { session_id?: string; events?: { id?: string }[] }): string =>
  `${b.session_id}:${b.events?.[0]?.id}`;

/**
 * Carries the SDK's requests to the real server with Node's fetch, as the visitor's browser would (text/plain,
 * Origin, User-Agent). It rewrites only `sent_at`, to the real time of delivery, so the server places the
 * events at their virtual times (`received - (sent_at - ts)`). After a 429 or 503 every visitor of the run
 * waits out Retry-After (capped) before sending again; a batch gets at most `maxAttempts` attempts.
 */
export class Forwarder {
  readonly stats: DeliveryStats = {
    requests: 0,
    retries: 0,
    eventsBySession: {},
    eventsByType: {},
    eventsLost: 0,
    errors: [],
  };
  private readonly attempts = new Map<string, number>();
  private readonly delivered = new Set<string>();
  private readonly inFlight = new Set<Promise<unknown>>();

  private readonly gate: Gate;

  constructor(private readonly options: ForwarderOptions) {
    this.gate = options.gate ?? new Gate();
  }

  /** The SDK's `fetch`: resolves with the server's status (429/503 close the shared gate), rejects on a network error. */
  fetch = (_url: string, init: { body?: unknown }): Promise<SdkResponse> =>
    this.track(
      (async () => {
        const batch = this.parse(String(init.body ?? ''));
        if (!batch) return { status: 400, headers: { get: () => null } };
        const key = batchKey(batch);
        if (this.exhausted(key)) throw new TypeError('Failed to fetch');
        const answer = await this.post(batch, key);
        // 429 and 503 close the shared gate; other failures pause this request a little before the SDK retries.
        if (answer.retry && answer.status !== 429 && answer.status !== 503)
          await sleep(Math.min(this.options.retryWaitCapMs, 200));
        if (answer.status === 0) throw new TypeError('Failed to fetch');
        const retryAfter = answer.retryAfterMs ? String(answer.retryAfterMs / 1000) : null;
        return {
          status: answer.status,
          headers: { get: (h: string) => (h.toLowerCase() === 'retry-after' ? retryAfter : null) },
        };
      })(),
    );

  /**
   * The SDK's `navigator.sendBeacon`: accepted at once, as a browser queues it. A real beacon's answer is
   * never seen; here a 429/5xx is retried (up to the cap) so the ground truth keeps every event.
   */
  sendBeacon = (_url: string, data: { text(): Promise<string> } | string): boolean => {
    this.track(
      (async () => {
        const batch = this.parse(typeof data === 'string' ? data : await data.text());
        if (!batch) return;
        const key = batchKey(batch);
        for (;;) {
          if (this.exhausted(key)) return;
          const answer = await this.post(batch, key);
          if (!answer.retry) return;
          if (answer.status !== 429 && answer.status !== 503) await sleep(Math.min(this.options.retryWaitCapMs, 200));
        }
      })(),
    );
    return true;
  };

  /** Whether some request is still on its way (or pausing before a retry). */
  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** Waits until no request is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Whether a batch (by its body) has used all its attempts. */
  exhausted(key: string): boolean {
    return (this.attempts.get(key) ?? 0) >= this.options.maxAttempts;
  }

  private parse(body: string): Batch | undefined {
    try {
      const raw = JSON.parse(body) as Record<string, unknown>;
      // Read through the v1 shape for bookkeeping; post the SDK's own encoding.
      const batch = expandCompactBatch(raw) as Omit<Batch, 'raw'>;
      if (Array.isArray(batch?.events)) return { ...batch, raw };
    } catch {}
    this.stats.errors.push('the SDK sent a body that is not a batch');
    return undefined;
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    const done = () => this.inFlight.delete(p);
    p.then(done, done);
    return p;
  }

  /** Posts a batch with `sent_at` set to the real time of sending; counts what was stored, retried or lost. */
  private async post(batch: Batch, key: string): Promise<{ status: number; retry: boolean; retryAfterMs: number }> {
    const attempt = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, attempt);
    await this.gate.pass();
    batch.sent_at = Date.now();
    // The send time is the only field rewritten: `a` in the compact encoding, `sent_at` in v1.
    batch.raw[batch.raw.v === 1 ? 'sent_at' : 'a'] = batch.sent_at;
    this.stats.requests++;
    let status = 0;
    let text = '';
    let retryAfterMs = 0;
    try {
      const res = await fetch(this.options.endpoint, {
        method: 'POST',
        body: JSON.stringify(batch.raw),
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: this.options.origin,
          referer: `${this.options.origin}/`,
          'user-agent': this.options.userAgent,
          'x-forwarded-for': this.options.ip,
        },
      });
      status = res.status;
      text = await res.text();
      retryAfterMs = Number(res.headers.get('retry-after') ?? 0) * 1000 || 0;
    } catch (error) {
      this.stats.errors.push(`network: ${(error as Error).message}`);
    }
    const retry = status === 0 || status === 429 || status >= 500;
    if (status === 429 || status === 503) this.gate.close(Math.min(this.options.retryWaitCapMs, retryAfterMs || 1000));
    if (status >= 200 && status < 300) this.count(batch, sessionsOf(text));
    else if (retry) {
      this.stats.retries++;
      if (attempt >= this.options.maxAttempts) {
        this.stats.eventsLost += batch.events.length;
        this.stats.errors.push(
          `gave up on a batch of ${batch.events.length} events after ${attempt} attempts (last ${status || 'network error'})`,
        );
      }
    } else {
      this.stats.eventsLost += batch.events.length;
      const message = messageOf(text) ?? `HTTP ${status}`;
      this.stats.refusal ??= { status, message };
      this.stats.errors.push(`server refused a batch: ${status} ${message}`);
    }
    return { status, retry, retryAfterMs };
  }

  /**
   * Counts a delivered batch's events under its session: the one it names, else the one the server assigned
   * (a batch across a session timeout, which a simulated visit never spans, counts under the first).
   */
  private count(batch: Batch, assigned: string[]): void {
    this.stats.visitorId ??= batch.visitor_id;
    const session = batch.session_id ?? assigned[0];
    for (const e of batch.events) {
      if (this.delivered.has(e.id)) continue;
      this.delivered.add(e.id);
      if (session) this.stats.eventsBySession[session] = (this.stats.eventsBySession[session] ?? 0) + 1;
      this.stats.eventsByType[e.type] = (this.stats.eventsByType[e.type] ?? 0) + 1;
    }
  }
}

/** The sessions a 2xx answer names (`sessions`, for a batch without a session id). */
const sessionsOf = (text: string): string[] => {
  try {
    const sessions = (JSON.parse(text) as { sessions?: unknown }).sessions;
    return Array.isArray(sessions) ? sessions.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
};

const messageOf = (text: string): string | undefined => {
  try {
    return (JSON.parse(text) as { error?: { message?: string } }).error?.message;
  } catch {
    return text ? text.slice(0, 200) : undefined;
  }
};
