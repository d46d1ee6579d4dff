import { describe, expect, it } from 'vitest';
import { buildTracker } from './build';

/** The size the SDK was asked to fit, minified and gzipped, with every feature. */
const TARGET_BYTES = 3000;
/**
 * The ceiling CI enforces. Every feature as specified measures about 4.0 KB (README.md, "Size"), so the
 * 3,000 B target is not met; this ceiling stops further growth until that trade-off is decided.
 */
const BUDGET_BYTES = 4096;

describe('tracker size budget', () => {
  it(`keeps tracker.min.js within ${BUDGET_BYTES} bytes gzipped`, async () => {
    const { full, min, minGzipBytes } = await buildTracker();
    console.log(
      `tracker.min.js: ${min.length} B minified, ${minGzipBytes} B gzipped (target ${TARGET_BYTES}, ceiling ${BUDGET_BYTES}); tracker.js: ${full.length} B`,
    );
    expect(minGzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
