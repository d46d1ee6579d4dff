// The load generator, run as a child process: receives its job, runs autocannon, sends back the result.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { realisticBatch } from './realistic-batch.js';

type Job = {
  url: string;
  origin: string;
  trackingId: string;
  connections: number;
  duration: number;
  overallRate?: number;
};
const job = await new Promise<Job>((resolve) => process.once('message', (m) => resolve(m as Job)));

const sessions = Array.from({ length: 500 }, () => ({ session: randomUUID(), visitor: randomUUID() }));
let n = 0;

const instance = autocannon({
  url: `${job.url}/api/v1/tracking/batch-events`,
  method: 'POST',
  connections: job.connections,
  duration: job.duration,
  overallRate: job.overallRate,
  headers: {
    'content-type': 'text/plain',
    origin: job.origin,
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  },
  requests: [
    {
      setupRequest(req) {
        const s = sessions[n++ % sessions.length]!;
        const batch = realisticBatch(job.trackingId, s.session, s.visitor, job.origin);
        // Wire v3, as the SDK sends: no session id, so the server assigns sessions under per-visitor locks.
        // BENCH_WIRE=v1 keeps the session id (the path of server-side callers that bring their own).
        if (process.env.BENCH_WIRE !== 'v1') delete (batch as { session_id?: string }).session_id;
        return { ...req, body: JSON.stringify(batch) };
      },
    },
  ],
});
instance.on('done', (result) => process.send!(result));
