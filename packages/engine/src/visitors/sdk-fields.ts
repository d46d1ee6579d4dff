// Fields the browser SDK no longer fills in, to stay within its size budget (docs/sdk-size.md), and the
// server completes from the event itself: a page view's `path` from its url, a scroll report's `velocity`
// from the distance and time it measured. Events of older SDKs carry the fields and pass unchanged.

/** The path of a url as `location.pathname` gives it: what lies between the host and `?` or `#` (`/` if none). */
export function pathOfUrl(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#][\s\S]*$/, '') || '/';
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The speed of a scroll report in px/s: the distance scrolled (`dist`, px) over the time spent scrolling
 * (`dur`, ms, reading pauses left out: the SDK's scroll.ts says how it times a scroll), rounded. Null when
 * the report timed no scrolling (the first report of a scroll that had only just begun).
 */
export function scrollVelocity(dist: unknown, dur: unknown): number | null {
  return isNumber(dist) && isNumber(dur) && dist > 0 && dur > 0 ? Math.round((dist * 1000) / dur) : null;
}

/**
 * An event's data with what the SDK left to the server filled in, or the same object when nothing is
 * missing: a page view without `path` gets its url's; a scroll report with `dist` and `dur` instead of
 * `velocity` gets its velocity (absent when it timed no scrolling), and keeps the shape older SDKs sent.
 */
export function completeSdkData(
  type: string,
  data: Record<string, unknown> | undefined,
  url: string | undefined,
): Record<string, unknown> | undefined {
  if (type === 'page_view' && data?.path === undefined && url !== undefined) return { ...data, path: pathOfUrl(url) };
  if (type === 'scroll' && data && data.velocity === undefined && 'dur' in data) {
    const { dist, dur, ...rest } = data;
    const velocity = scrollVelocity(dist, dur);
    return velocity === null ? rest : { ...rest, velocity };
  }
  return data;
}

/**
 * Whether a call-to-action hover (ending at `ts`, lasting `dur` ms, client clock) was clicked, from the
 * time of the visitor's last click before its end: a click during a hover lands on the hovered element,
 * since the hover ends as soon as the pointer is over something else.
 */
export function clickedDuring(lastClickTs: number | undefined, ts: number, dur: number): boolean {
  return lastClickTs !== undefined && lastClickTs >= ts - dur && lastClickTs <= ts;
}
