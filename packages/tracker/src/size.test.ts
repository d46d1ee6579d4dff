import { describe, expect, it } from 'vitest';
import { buildTracker } from './build';

/** The budget for tracker.min.js with every feature in, minified and gzipped (level 9). Not met yet. */
const BUDGET_BYTES = 3000;
/**
 * What the SDK measures today (3,527 B after the SDK-only round: blob-URL ids, fetch's default content type
 * and credentials, no viewport size, shorter internals; 3,666 B before it, hovers read from mouseover; 3,674 B
 * with prompt sending of actions; 3,745 B before that round, 3,890 B before wire v2). Until the budget is met,
 * CI fails if the SDK grows past this, so nothing makes the gap wider; when it is met, this line goes and the
 * budget is asserted. README.md (Size) says why it is not.
 */
const CURRENT_CEILING_BYTES = 3530;

describe('tracker size', () => {
  it(`does not grow past ${CURRENT_CEILING_BYTES} B gzipped (budget ${BUDGET_BYTES} B, not yet met)`, async () => {
    const { full, min, minGzipBytes } = await buildTracker();
    console.log(
      `tracker.min.js: ${min.length} B minified, ${minGzipBytes} B gzipped (budget ${BUDGET_BYTES}, ${minGzipBytes - BUDGET_BYTES} B over); tracker.js: ${full.length} B`,
    );
    expect(minGzipBytes).toBeLessThanOrEqual(CURRENT_CEILING_BYTES);
  });
});
