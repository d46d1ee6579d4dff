import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, postBatch, setUpTracking, signUp, wireBatch } from '../../test/harness.js';
import { useOwnerApp } from '../../test/visits.js';
import { flagSuspectSessions } from './anomaly.repo.js';

const app = useOwnerApp();

/** A visit from one client address: a page view, or (forged) a conversion alone. */
async function visit(remoteAddress: string, events: Parameters<typeof wireBatch>[1]) {
  const batch = wireBatch(app.trackingId, events);
  const res = await app.t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking/batch-events',
    headers: {
      'content-type': 'text/plain',
      origin: 'https://shop.example',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
    },
    payload: JSON.stringify(batch),
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return batch.session_id;
}

const pageView = [{ type: 'page_view', url: 'https://shop.example/' }];

describe('the anomaly guard', () => {
  it('flags a surge from one network and a conversion without a page view, and shows why on Session Admin', async () => {
    const surge: string[] = [];
    for (let i = 1; i <= 6; i++) surge.push(await visit(`198.51.100.${i}`, pageView));
    const regular = await visit('203.0.113.5', pageView);
    const forged = await visit('192.0.2.9', [{ type: 'conversion', data: { value: 500 } }]);
    await app.t.ingest.drain();
    expect(await flagSuspectSessions(app.t.database, { minSessions: 5, minShare: 0.5, windowMinutes: 60 })).toBe(7);
    // Flagging twice changes nothing.
    expect(await flagSuspectSessions(app.t.database, { minSessions: 5, minShare: 0.5, windowMinutes: 60 })).toBe(0);

    const list = await app.t.app.inject({
      method: 'GET',
      url: '/api/v1/tracking/admin/sessions?time_range=1h',
      headers: bearer(app.owner.token),
    });
    const byId = new Map(
      (list.json().sessions as { id: string; suspect: string | null }[]).map((s) => [s.id, s.suspect]),
    );
    for (const id of surge) expect(byId.get(id)).toBe('Surge: 6 sessions from one network within 60 minutes');
    expect(byId.get(forged)).toBe('A conversion without any page view');
    expect(byId.get(regular)).toBeNull();
    const detail = await app.t.app.inject({
      method: 'GET',
      url: `/api/v1/tracking/admin/sessions/${forged}`,
      headers: bearer(app.owner.token),
    });
    expect(detail.json().suspect).toBe('A conversion without any page view');
  });

  it('leaves ordinary traffic alone', async () => {
    const quiet = await createTestApp();
    try {
      const someone = await signUp(quiet);
      const tid = await setUpTracking(quiet, someone.token);
      for (let i = 0; i < 3; i++) {
        expect((await postBatch(quiet, wireBatch(tid, pageView))).statusCode).toBe(200);
      }
      await quiet.ingest.drain();
      expect(await flagSuspectSessions(quiet.database)).toBe(0);
    } finally {
      await quiet.close();
    }
  });
});
