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
        return { ...req, body: JSON.stringify(realisticBatch(job.trackingId, s.session, s.visitor, job.origin)) };
      },
    },
  ],
});
instance.on('done', (result) => process.send!(result));
