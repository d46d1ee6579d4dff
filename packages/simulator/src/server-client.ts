import { TRACKING_FEATURES, type TrackingConfig, trackingConfigSchema } from '@ri/contracts';

/** A failure talking to the server, with what to check. */
export class ServerError extends Error {}

type Answer = { status: number; body: unknown };

const call = async (url: string, init: RequestInit = {}): Promise<Answer> => {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new ServerError(
      `cannot reach --url ${new URL(url).origin}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    );
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
};

const messageOf = (a: Answer): string =>
  (a.body as { error?: { message?: string } })?.error?.message ?? `HTTP ${a.status}`;

/** Checks that the server answers its health endpoint. */
export const checkServer = async (baseUrl: string): Promise<void> => {
  const a = await call(`${baseUrl}/api/v1/health`);
  if (a.status === 503) throw new ServerError(`the server at --url ${baseUrl} reports its database is down`);
  if (a.status !== 200)
    throw new ServerError(`--url ${baseUrl} does not look like the server (GET /api/v1/health answered ${a.status})`);
};

/**
 * Signs in with e-mail and password and returns the business's tracking settings, making sure the simulated
 * origin is allowed: an existing script keeps its settings and gets the origin added; a business without
 * one gets a script with every feature.
 */
export const resolveTracking = async (
  baseUrl: string,
  email: string,
  password: string,
  origin: string,
): Promise<TrackingConfig> => {
  const json = { 'content-type': 'application/json' };
  const signIn = await call(`${baseUrl}/api/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new ServerError(`sign-in with --email ${email} failed: ${messageOf(signIn)}`);
  const token = (signIn.body as { access_token?: string }).access_token;
  if (!token) throw new ServerError('sign-in answered without an access token');
  const auth = { authorization: `Bearer ${token}` };
  const current = await call(`${baseUrl}/api/v1/tracking/script`, { headers: auth });
  const existing = current.status === 200 ? trackingConfigSchema.parse(current.body) : undefined;
  if (current.status !== 200 && current.status !== 404)
    throw new ServerError(`reading the tracking script failed: ${messageOf(current)}`);
  if (existing?.allowed_origins.includes(origin)) return existing;
  const generated = await call(`${baseUrl}/api/v1/tracking/generate-script`, {
    method: 'POST',
    headers: { ...json, ...auth },
    body: JSON.stringify(
      existing
        ? {
            features: existing.features,
            customization: existing.customization,
            mode: existing.mode,
            respect_dnt: existing.respect_dnt,
            cta_selectors: existing.cta_selectors,
            allowed_origins: [...existing.allowed_origins, origin],
          }
        : { features: [...TRACKING_FEATURES], allowed_origins: [origin] },
    ),
  });
  if (generated.status !== 200)
    throw new ServerError(`creating the tracking script for --origin ${origin} failed: ${messageOf(generated)}`);
  return trackingConfigSchema.parse(generated.body);
};
