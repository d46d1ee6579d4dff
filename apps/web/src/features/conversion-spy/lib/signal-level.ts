export type SignalLevel = 'high' | 'medium' | 'low';

/** Spec doc 2, section 5: a ratio of 0.7 or more is high, 0.4 or more medium, otherwise low. */
export function signalLevelOf(ratio: number): SignalLevel {
  return ratio >= 0.7 ? 'high' : ratio >= 0.4 ? 'medium' : 'low';
}

/**
 * The spec compares scroll velocity against 1, on a scale we do not have; ours is measured in px/s.
 * 1,000 px/s (a quick flick through a page) counts as 1, so 700 px/s or more is high and 400 or more
 * medium.
 */
export const SCROLL_VELOCITY_SCALE_PX_S = 1000;
/** Spec: CTA hover time is compared against 5 (seconds, the unit we measure it in). */
export const CTA_HOVER_SCALE_S = 5;

export const scrollVelocityLevel = (pxPerSecond: number) => signalLevelOf(pxPerSecond / SCROLL_VELOCITY_SCALE_PX_S);
export const ctaHoverLevel = (seconds: number) => signalLevelOf(seconds / CTA_HOVER_SCALE_S);
