// A stand-in scoring thread for scorer-thread.test.ts: speaks the real thread's messages without a database.
// It "scores" each session by publishing how many events came for it, and dies on a session named 'crash'.
import { parentPort } from 'node:worker_threads';

let scored = 0;
parentPort.on('message', (m) => {
  if (m.t === 'work') {
    for (const [businessId, sessionId, events] of m.items) {
      if (sessionId === 'crash') process.exit(1);
      scored++;
      const event = { session_id: sessionId, events_count: events ? events.length : -1 };
      parentPort.postMessage({ t: 'publish', events: [[businessId, event]] });
    }
  } else if (m.t === 'stats') {
    const value = { pending: 0, scored, rebuilt: 0, failures: 0, held: 0, unstored: 0 };
    parentPort.postMessage({ t: 'reply', id: m.id, value });
  } else if (m.t === 'drain' || m.t === 'stop') {
    parentPort.postMessage({ t: 'reply', id: m.id, value: null });
    if (m.t === 'stop') parentPort.close();
  }
});
