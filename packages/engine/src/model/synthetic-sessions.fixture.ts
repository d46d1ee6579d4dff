import { createRandom } from './prng.js';
import type { SessionFeatures } from './session-features.js';

/** Test fixture: synthetic sessions that convert more often with more product time and a higher page value. */
export function syntheticSessions(n: number, seed: number) {
  const random = createRandom(seed);
  const sessions: SessionFeatures[] = [];
  const labels: number[] = [];
  for (let i = 0; i < n; i++) {
    const product = Math.floor(random() * 40);
    const pageValue = random() < 0.7 ? 0 : random() * 80;
    const exitRate = random() * 0.2;
    sessions.push({
      pageViews: { admin: Math.floor(random() * 5), info: 0, product },
      dwellSeconds: { admin: random() * 100, info: 0, product: product * random() * 60 },
      bounceRate: exitRate / 2,
      exitRate,
      pageValue,
      specialDay: 0,
      month: 1 + Math.floor(random() * 12),
      isWeekend: random() < 0.3,
      visitor: random() < 0.8 ? 'returning' : 'new',
      context: { trafficType: 1 + Math.floor(random() * 5), region: 1, browser: 1, operatingSystem: 1 },
    });
    const z = -2.5 + pageValue / 15 + product / 20 - exitRate * 10;
    labels.push(random() < 1 / (1 + Math.exp(-z)) ? 1 : 0);
  }
  return { sessions, labels };
}
