// A minimal HTTP/1.1 keep-alive load generator over node:net. It shares the machine with the server it
// measures, so every microsecond it spends on a request is taken from the system under test.
import net from 'node:net';

/** What a run measured: counts, elapsed seconds, latency in whole ms, and the CPU the generator itself used. */
export type LoadResult = {
  requests: { total: number; average: number };
  duration: number;
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  cpuMs: number;
};

/** How to load a server: one request in flight per connection; `overallRate` absent means as fast as possible. */
export type LoadOptions = {
  url: string;
  connections: number;
  durationSeconds: number;
  overallRate?: number;
  method?: string;
  headers: Record<string, string>;
  body: () => string;
  timeoutMs?: number;
};

type Conn = {
  socket: net.Socket;
  connected: boolean;
  busy: boolean;
  sentAt: number;
  chargedFrom: number;
  due: number;
  freeAt: number;
  out: Buffer;
  timer: NodeJS.Timeout | undefined;
  pending: Buffer | undefined;
  state: number;
  remaining: number;
  status: number;
};

const HEAD = 0;
const BODY = 1;
const CHUNK_SIZE = 2;
const CHUNK_DATA = 3;
const TRAILER = 4;

/** Runs the load for `durationSeconds`, waits for the requests still out (up to `timeoutMs`), and reports. */
export function runLoad(o: LoadOptions): Promise<LoadResult> {
  const target = new URL(o.url);
  const timeoutMs = o.timeoutMs ?? 10_000;
  const lines = [`${o.method ?? 'POST'} ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`];
  for (const [name, value] of Object.entries(o.headers)) lines.push(`${name}: ${value}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\ncontent-length: `, 'latin1');
  const bodyAt = head.length + 16; // room for the length digits and the blank line
  const interval = o.overallRate ? (1000 * o.connections) / o.overallRate : 0;
  let latencies = new Float64Array(1 << 16);
  let total = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let lastResponse = 0;
  let stopped = false;
  let done = false;
  const conns: Conn[] = [];
  const cpu = process.cpuUsage();
  const start = performance.now();

  return new Promise((resolve) => {
    const finish = () => {
      if (done || conns.some((c) => c.busy)) return;
      done = true;
      clearInterval(sweep);
      for (const c of conns) {
        clearTimeout(c.timer);
        c.socket.removeAllListeners('close').destroy();
      }
      const sorted = latencies.subarray(0, total).sort();
      // Whole ms, truncated, as autocannon's histogram reports them, so figures stay comparable with earlier runs.
      const rank = (p: number) => Math.floor(sorted[Math.max(0, Math.ceil(p * total) - 1)] ?? 0);
      const used = process.cpuUsage(cpu);
      const duration = (Math.max(lastResponse, start + o.durationSeconds * 1000) - start) / 1000;
      resolve({
        requests: { total, average: total / duration },
        duration,
        latency: { p50: rank(0.5), p99: rank(0.99), max: rank(1) },
        non2xx,
        errors,
        timeouts,
        cpuMs: (used.user + used.system) / 1000,
      });
    };

    const send = (c: Conn) => {
      const now = performance.now();
      // From the due time when a slow reply held this send back, so the server is charged for it (no coordinated
      // omission); from the send when it only waited on its timer, whose lateness is ours.
      c.chargedFrom = interval && c.freeAt > c.due ? c.due : now;
      c.sentAt = now;
      c.busy = true;
      // Encoded once, straight into the connection's own buffer, with the head laid in front. Reusing the buffer
      // is safe: the next send on a connection waits for the reply, so this request has left by then.
      const body = o.body();
      if (c.out.length < bodyAt + body.length * 3) c.out = Buffer.allocUnsafeSlow(bodyAt + body.length * 3);
      const n = c.out.write(body, bodyAt);
      const length = `${n}\r\n\r\n`;
      const from = bodyAt - length.length - head.length;
      head.copy(c.out, from);
      c.out.write(length, bodyAt - length.length, 'latin1');
      c.socket.write(c.out.subarray(from, bodyAt + n));
    };

    const next = (c: Conn) => {
      if (stopped) return finish();
      if (!interval) return send(c);
      c.due += interval;
      const wait = c.due - performance.now();
      if (wait > 0) c.timer = setTimeout(send, wait, c);
      else send(c);
    };

    const complete = (c: Conn) => {
      if (!c.busy) return; // a reply nobody asked for: parsed past, not counted
      const now = performance.now();
      c.busy = false;
      c.freeAt = now;
      lastResponse = now;
      if (total === latencies.length) {
        const grown = new Float64Array(total * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[total++] = now - c.chargedFrom;
      if (c.status < 200 || c.status > 299) non2xx++;
    };

    const onData = (c: Conn, chunk: Buffer) => {
      const b = c.pending ? Buffer.concat([c.pending, chunk]) : chunk;
      const before = total;
      let p = 0;
      c.pending = undefined;
      while (p < b.length) {
        if (c.state === HEAD) {
          const end = b.indexOf('\r\n\r\n', p);
          if (end < 0) break;
          const text = b.toString('latin1', p, end);
          p = end + 4;
          c.status = Number(text.slice(9, 12));
          const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(text);
          c.remaining = length && c.status !== 204 && c.status !== 304 ? Number(length[1]) : 0;
          if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(text)) c.state = CHUNK_SIZE;
          else if (c.remaining > 0) c.state = BODY;
          else complete(c); // no body, or no framing, which our server never sends: taken as empty
        } else if (c.state === BODY || c.state === CHUNK_DATA) {
          const take = Math.min(c.remaining, b.length - p);
          p += take;
          c.remaining -= take;
          if (c.remaining > 0) break;
          c.state = c.state === BODY ? HEAD : CHUNK_SIZE;
          if (c.state === HEAD) complete(c);
        } else {
          const eol = b.indexOf('\r\n', p);
          if (eol < 0) break;
          if (c.state === CHUNK_SIZE) {
            const size = Number.parseInt(b.toString('latin1', p, eol), 16);
            c.state = size > 0 ? CHUNK_DATA : TRAILER;
            c.remaining = size + 2; // the data and the CRLF after it
          } else if (eol === p) {
            c.state = HEAD;
            complete(c);
          }
          p = eol + 2;
        }
      }
      if (p < b.length) c.pending = b.subarray(p);
      // Sent only once the whole chunk is parsed, so stray bytes after a reply cannot answer the next request.
      if (total !== before) next(c);
    };

    const connect = (c: Conn) => {
      const socket = net.connect(Number(target.port || 80), target.hostname);
      Object.assign(c, { socket, connected: false, pending: undefined, state: HEAD });
      socket.setNoDelay(true);
      socket.on('connect', () => {
        c.connected = true;
      });
      socket.on('data', (chunk: Buffer) => onData(c, chunk));
      socket.on('error', () => {}); // 'close' follows and does the counting
      socket.on('close', () => {
        // A request in flight is lost; a server closing an idle keep-alive connection loses nothing.
        if (c.busy) errors++;
        reopen(c, c.busy, c.connected ? 0 : 100);
      });
    };

    const reopen = (c: Conn, lost: boolean, delay: number) => {
      c.socket.removeAllListeners('close').removeAllListeners('data').destroy();
      if (lost) {
        c.busy = false;
        c.freeAt = performance.now();
      }
      if (stopped) return finish();
      if (!lost) return connect(c); // an idle connection keeps its scheduled send
      // A refused connection is retried after a pause rather than in a tight loop.
      c.timer = setTimeout(() => {
        connect(c);
        next(c);
      }, delay);
    };

    for (let i = 0; i < o.connections; i++) {
      const due = start + (i * interval) / o.connections - interval; // next() adds the first interval
      const c = { busy: false, due, freeAt: 0, out: Buffer.alloc(0) } as Conn;
      conns.push(c);
      connect(c);
      next(c);
    }

    // One sweep rather than a timer per request: a timeout needs to be bounded, not precise.
    const sweep = setInterval(
      () => {
        const now = performance.now();
        for (const c of conns) {
          if (c.busy && now - c.sentAt > timeoutMs) {
            timeouts++;
            reopen(c, true, 0);
          }
        }
      },
      Math.max(10, timeoutMs / 20),
    );

    setTimeout(() => {
      stopped = true;
      for (const c of conns) clearTimeout(c.timer);
      finish();
    }, o.durationSeconds * 1000);
  });
}
