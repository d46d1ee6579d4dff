// The load generator, run as a child process: receives its job, runs the load, sends back the result.
import { randomUUID } from 'node:crypto';
import { runLoad } from './http-load.js';
import { batchWriter } from './realistic-batch.js';

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
// Wire v3, as the SDK sends: no session id, so the server assigns sessions (decision 0012). BENCH_WIRE=v1
// keeps the session id (the path of server-side callers that bring their own).
const write = batchWriter(job.trackingId, job.origin, process.env.BENCH_WIRE === 'v1' ? 'v1' : 'v3');

const result = await runLoad({
  url: `${job.url}/api/v1/tracking/batch-events`,
  connections: job.connections,
  durationSeconds: job.duration,
  overallRate: job.overallRate,
  headers: {
    'content-type': 'text/plain',
    origin: job.origin,
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  },
  body() {
    const s = sessions[n++ % sessions.length]!;
    return write(s.session, s.visitor);
  },
});
process.send!(result);
