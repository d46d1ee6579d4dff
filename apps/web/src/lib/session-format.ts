/** Spec: a session link shows the first 8 characters of its id and an ellipsis. */
export const shortSessionId = (sessionId: string) => `${sessionId.slice(0, 8)}…`;

/** Spec: durations are in minutes; one decimal so that short sessions do not all read 0. */
export const formatMinutes = (seconds: number) => `${(Math.max(0, seconds) / 60).toFixed(1)} min`;

/** Where the session-admin detail of a recorded session lives (the spec's /session/{id} has no screen). */
export const sessionDetailPath = (sessionId: string) => `/admin/sessions/${encodeURIComponent(sessionId)}`;
