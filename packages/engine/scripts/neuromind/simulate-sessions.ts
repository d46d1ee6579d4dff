import type { NeuromindProfile } from '@ri/contracts';
import { runSimulation, type SimulationConfiguration } from '@ri/simulator';
import type { SignalEvent } from '../../src/index.js';
import { startCaptureServer } from './capture-server.js';

/** One simulated session: the events the server would have stored and the persona behind them. */
export type LabelledSession = { sessionId: string; persona: NeuromindProfile; events: SignalEvent[] };

export type SimulateOptions = {
  seed: number;
  visitors: number;
  concurrency?: number;
  /** The site, pace, devices and noise (default: the simulator's default configuration). */
  configuration?: SimulationConfiguration;
  log?: (line: string) => void;
};

const ORIGIN = 'https://shop.example';
const TRACKING_ID = 'trk_neuromind_fit';

/**
 * Runs `visitors` simulated visitors (the real SDK in jsdom, personas in turn) against an in-process
 * capture endpoint and returns every session with its events and true persona. Visitors start as fast
 * as `concurrency` allows (rate 0).
 */
export async function simulateSessions(o: SimulateOptions): Promise<LabelledSession[]> {
  const label = `${o.configuration?.id ?? 'default'} seed ${o.seed}`;
  const capture = await startCaptureServer();
  const started = performance.now();
  let lastLog = 0;
  try {
    const result = await runSimulation({
      baseUrl: capture.baseUrl,
      trackingId: TRACKING_ID,
      origin: ORIGIN,
      visitors: o.visitors,
      ratePerSecond: 0,
      concurrency: o.concurrency ?? 4,
      seed: o.seed,
      configuration: o.configuration,
      onProgress: (p) => {
        if (p.elapsedMs - lastLog < 10_000 && p.done < p.total) return;
        lastLog = p.elapsedMs;
        o.log?.(
          `${label}: ${p.done}/${p.total} visitors, ${p.eventsSent} events, ${(p.elapsedMs / 1000).toFixed(0)} s`,
        );
      },
    });
    // Any error is fatal, a page view the SDK did not send included: the sessions must be whole.
    const { errors } = result;
    if (result.eventsLost > 0 || errors.length > 0) {
      const detail = errors.map((e) => `${e.count}× ${e.message}`).join('; ');
      throw new Error(`${label}: ${result.eventsLost} events lost; ${detail}`);
    }
    const sessions: LabelledSession[] = result.sessions.map((t) => ({
      sessionId: t.sessionId,
      persona: t.persona,
      events: capture.sessions.get(t.sessionId) ?? [],
    }));
    o.log?.(
      `${label}: ${result.visitors} visitors, ${sessions.length} sessions, ${result.eventsSent} events in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    return sessions;
  } finally {
    await capture.close();
  }
}
