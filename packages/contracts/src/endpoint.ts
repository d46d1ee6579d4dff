import type { z } from 'zod';
import type { Role } from './business.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The server enforces it before the handler runs; the web app asks `decideAccess`
 * the same question to offer only what will be allowed.
 * - `public`: anyone (sign-in forms, health);
 * - `tracking`: anyone, naming the business by a public tracking id that is checked against the business's
 *   allowed origins (ingestion from customers' sites);
 * - `session`: a signed-in person, about the person rather than a business;
 * - `read`: a signed-in person who may open the business (a member, or anyone for the shared demo);
 * - `write`: a member of the business, never on a read-only business, with one of `roles` when given.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'tracking' }
  | { readonly kind: 'session' }
  | { readonly kind: 'read' }
  | { readonly kind: 'write'; readonly roles?: readonly Role[] };

export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const TRACKING = { kind: 'tracking' } as const satisfies Access;
export const SESSION = { kind: 'session' } as const satisfies Access;
export const READ = { kind: 'read' } as const satisfies Access;
/** Write access for any member, or only for the given roles. */
export const write = (...roles: Role[]): Extract<Access, { kind: 'write' }> =>
  roles.length > 0 ? { kind: 'write', roles } : { kind: 'write' };

/** True for the access rules that name a business (by `:businessId` in the path, else the business header). */
export const isBusinessAccess = (access: Access): access is Extract<Access, { kind: 'read' | 'write' }> =>
  access.kind === 'read' || access.kind === 'write';

type Schema = z.ZodType | undefined;

/**
 * One endpoint of the API, declared once: the server registers its route from it, the web app calls it by
 * it, and the tenancy test walks every declaration. `path` is relative to `/api/v1`, with `:name` params.
 */
export type Endpoint<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: A;
  readonly tag: string;
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** The success body; for an event stream, the data of each event. */
  readonly response: R;
  /** The success status: 200 unless said (201 created, 202 accepted, 204 no body). */
  readonly status?: 200 | 201 | 202 | 204;
  /** Answers that are neither the success nor the shared error body (health's 503). */
  readonly otherResponses?: Readonly<Record<number, z.ZodType>>;
  /** Server-Sent Events rather than one JSON body. */
  readonly stream?: true;
  /** A file rather than JSON, streamed as it is written: its media type (`response` then describes no body). */
  readonly produces?: 'text/csv';
};

/** Declares an endpoint, keeping its schemas' exact types for the server's handlers and the web client. */
export const endpoint = <
  A extends Access,
  R extends z.ZodType,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(
  e: Endpoint<P, Q, B, R, A>,
): Endpoint<P, Q, B, R, A> => e;

/** What a handler receives from a schema after parsing (defaults applied); `undefined` without one. */
export type Parsed<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;
/** What a caller sends for a schema (before defaults); `undefined` without one. */
export type Sent<S> = NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : undefined;

/** Why a person may not call an endpoint of a business. */
export type AccessDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly denial: 'read_only' }
  | { readonly allowed: false; readonly denial: 'role'; readonly roles: readonly Role[] };

/** A person's standing in a business: their role, and whether the business is read-only to them (the demo). */
export type Standing = { readonly role: Role; readonly readOnly: boolean };

const ALLOWED: AccessDecision = { allowed: true };

/**
 * Decides whether a person with this standing may call an endpoint with this access rule: the one rule the
 * server enforces and the web app consults. Reads are open to anyone who may open the business.
 */
export function decideAccess(access: Access, standing: Standing): AccessDecision {
  if (access.kind !== 'write') return ALLOWED;
  if (standing.readOnly) return { allowed: false, denial: 'read_only' };
  if (access.roles && !access.roles.includes(standing.role))
    return { allowed: false, denial: 'role', roles: access.roles };
  return ALLOWED;
}

/** The endpoint's path with its params filled in (each encoded), relative to `/api/v1`. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, string> | undefined): string {
  return e.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path}: missing path param ${name}`);
    return encodeURIComponent(value);
  });
}
