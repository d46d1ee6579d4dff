import {
  type GenerateScriptBody,
  generateScriptBodySchema,
  TRACKING_DEFAULTS,
  TRACKING_FEATURES,
  type TrackingConfig,
  type TrackingFeature,
  trackingCustomizationSchema,
} from '@ri/contracts';

/** What the Get Script form edits: numbers stay text while typed, the session timeout is in minutes. */
export type ScriptFormValues = {
  features: TrackingFeature[];
  mode: 'standard' | 'full';
  batchSize: string;
  flushInterval: string;
  sessionTimeoutMinutes: string;
  origins: string;
  respectDnt: boolean;
  ctaSelectors: string;
};

export type ScriptFormField =
  | 'features'
  | 'batchSize'
  | 'flushInterval'
  | 'sessionTimeout'
  | 'origins'
  | 'ctaSelectors';
export type ScriptFieldErrors = Partial<Record<ScriptFormField, string>>;

const MS_PER_MINUTE = 60_000;
const limits = trackingCustomizationSchema.shape;
const bounds = (schema: (typeof limits)[keyof typeof limits]) => {
  const inner = schema.unwrap();
  return { min: inner.minValue ?? 0, max: inner.maxValue ?? Number.MAX_SAFE_INTEGER };
};
export const BATCH_SIZE_BOUNDS = bounds(limits.batchSize);
export const FLUSH_INTERVAL_BOUNDS = bounds(limits.flushInterval);
const timeout = bounds(limits.sessionTimeout);
export const SESSION_TIMEOUT_MINUTE_BOUNDS = { min: timeout.min / MS_PER_MINUTE, max: timeout.max / MS_PER_MINUTE };

const FIELD_MESSAGES: Record<Exclude<ScriptFormField, 'origins' | 'ctaSelectors'>, string> = {
  features: 'Choose features from the list.',
  batchSize: `Batch size must be a whole number from ${BATCH_SIZE_BOUNDS.min} to ${BATCH_SIZE_BOUNDS.max}.`,
  flushInterval: `Flush interval must be a whole number of milliseconds from ${FLUSH_INTERVAL_BOUNDS.min} to ${FLUSH_INTERVAL_BOUNDS.max}.`,
  sessionTimeout: `Session timeout must be from ${SESSION_TIMEOUT_MINUTE_BOUNDS.min} to ${SESSION_TIMEOUT_MINUTE_BOUNDS.max} minutes.`,
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The form filled from the saved script, or with the defaults when there is none yet. */
export function toFormValues(config: TrackingConfig | null): ScriptFormValues {
  const customization = config?.customization ?? TRACKING_DEFAULTS;
  return {
    features: config ? [...config.features] : [...TRACKING_FEATURES],
    mode: config?.mode ?? 'standard',
    batchSize: String(customization.batchSize),
    flushInterval: String(customization.flushInterval),
    sessionTimeoutMinutes: String(customization.sessionTimeout / MS_PER_MINUTE),
    origins: (config?.allowed_origins ?? []).join('\n'),
    respectDnt: config?.respect_dnt ?? true,
    ctaSelectors: (config?.cta_selectors ?? []).join('\n'),
  };
}

/** The form field a contract path or a server `error.field` (e.g. `customization.batchSize`) points at. */
export function toFormField(path: string | undefined): ScriptFormField | null {
  if (!path) return null;
  if (path.includes('allowed_origins')) return 'origins';
  if (path.includes('cta_selectors')) return 'ctaSelectors';
  if (path.includes('batchSize')) return 'batchSize';
  if (path.includes('flushInterval')) return 'flushInterval';
  if (path.includes('sessionTimeout')) return 'sessionTimeout';
  if (path.includes('features')) return 'features';
  return null;
}

function isWebOrigin(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks the form against the contract and builds the request body, or names each wrong field.
 * Origins are sent as origins (scheme, host, port): a pasted page address keeps only that part.
 */
export function toRequestBody(
  values: ScriptFormValues,
): { ok: true; body: GenerateScriptBody } | { ok: false; errors: ScriptFieldErrors } {
  const origins = lines(values.origins);
  const body = {
    features: values.features,
    mode: values.mode,
    customization: {
      batchSize: Number(values.batchSize),
      flushInterval: Number(values.flushInterval),
      sessionTimeout: Math.round(Number(values.sessionTimeoutMinutes) * MS_PER_MINUTE),
    },
    // Empty means "use the business website's origin", which the server fills in.
    allowed_origins: origins.length > 0 ? origins : undefined,
    respect_dnt: values.respectDnt,
    cta_selectors: lines(values.ctaSelectors),
  } satisfies GenerateScriptBody;

  const errors: ScriptFieldErrors = {};
  const parsed = generateScriptBodySchema.safeParse(body);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = toFormField(issue.path.join('.'));
    if (!field || errors[field]) continue;
    const index = issue.path[1];
    if (field === 'origins' || field === 'ctaSelectors') {
      const list = field === 'origins' ? origins : body.cta_selectors;
      errors[field] =
        typeof index === 'number' ? `Line ${index + 1} (“${list[index]}”): ${issue.message}.` : `${issue.message}.`;
    } else {
      errors[field] = FIELD_MESSAGES[field];
    }
  }
  const badOrigin = origins.findIndex((origin) => !isWebOrigin(origin));
  if (!errors.origins && badOrigin >= 0) {
    errors.origins = `Line ${badOrigin + 1} (“${origins[badOrigin]}”): an origin must start with http:// or https://.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const normalised = origins.map((origin) => new URL(origin).origin);
  return { ok: true, body: { ...body, allowed_origins: body.allowed_origins && [...new Set(normalised)] } };
}
