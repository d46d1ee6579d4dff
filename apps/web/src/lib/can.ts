import { type AccessDecision, type Business, decideAccess, type Endpoint } from '@ri/contracts';

/**
 * Whether the person may call `endpoint` on `business`: the contracts' `decideAccess`, the rule the server
 * enforces, asked with the business's role and read-only flag. Until the business is known the action is
 * offered and the server decides (a refusal shows its message).
 */
export function can(business: Pick<Business, 'role' | 'read_only'> | null, endpoint: Endpoint): AccessDecision {
  if (!business) return { allowed: true };
  return decideAccess(endpoint.access, { role: business.role, readOnly: business.read_only });
}

/** What a screen shows of a decision: whether to offer the action, and if not the sentence that says why. */
export type Permission = { allowed: boolean; reason: string | null };

/** How a screen words each refusal: on a read-only business, and for a role without the right. */
export type DenialTexts = { read_only: string; role?: string };

/** A decision in a screen's words. */
export function toPermission(decision: AccessDecision, texts: DenialTexts): Permission {
  if (decision.allowed) return { allowed: true, reason: null };
  const reason = decision.denial === 'role' ? (texts.role ?? null) : texts.read_only;
  return { allowed: false, reason };
}
