import { randomBytes } from 'node:crypto';
import {
  type Access,
  type Business,
  DEMO_BUSINESS,
  decideAccess,
  INDUSTRY_LABELS,
  type Industry,
  isUuid,
  MESSAGES,
  type Member,
  type Role,
  type UpdateBusinessBody,
} from '@ri/contracts';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './businesses.repo.js';

const PALETTE = ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b', '#ef4444', '#ec4899', '#14b8a6', '#f97316'];

/** The business a request works on, with the caller's effective role in it. */
export type BusinessAccess = { business: repo.BusinessRow; role: Role; readOnly: boolean };

/** Maps a stored business and a role to the API shape. */
export function toBusiness(access: BusinessAccess): Business {
  const { business: b, role, readOnly } = access;
  return {
    id: b.id,
    slug: b.slug,
    name: b.isDemo ? DEMO_BUSINESS.name : b.name,
    industry: b.industry,
    industry_label: b.isDemo ? DEMO_BUSINESS.industryLabel : (INDUSTRY_LABELS[b.industry as Industry] ?? b.industry),
    website: b.website,
    color: b.color,
    is_demo: b.isDemo,
    description: b.isDemo ? DEMO_BUSINESS.description : null,
    role,
    read_only: readOnly,
    created_at: b.createdAt.toISOString(),
  };
}

function accessOf(business: repo.BusinessRow, role: repo.MembershipRole | null): BusinessAccess | undefined {
  if (role) return { business, role, readOnly: false };
  if (business.isDemo) return { business, role: 'viewer', readOnly: true };
  return undefined;
}

/** Every business the user may open. */
export async function listBusinesses(db: Db, userId: string): Promise<Business[]> {
  const rows = await repo.listAccessibleBusinesses(db, userId);
  return rows.flatMap((r) => {
    const access = accessOf(r.business, r.role);
    return access ? [toBusiness(access)] : [];
  });
}

/**
 * Resolves the business a call is about and checks the caller's standing in it allows the endpoint's access
 * (the contracts' `decideAccess`, which the web app asks too). A business the caller cannot see answers 404,
 * exactly like one that does not exist, so ids cannot be probed; without an id, the caller's own business.
 */
export async function resolveBusinessAccess(
  db: Db,
  userId: string,
  businessId: string | undefined,
  access: Access = { kind: 'read' },
): Promise<BusinessAccess> {
  const id = businessId ?? (await repo.findDefaultBusiness(db, userId))?.id;
  if (!id) throw new AppError('not_found', 'Business not found');
  if (!isUuid(id)) {
    throw new AppError('validation_failed', 'Business id must be a UUID', { field: 'businessId' });
  }
  const row = await repo.findBusinessForUser(db, userId, id);
  const resolved = row && accessOf(row.business, row.role);
  if (!resolved) throw new AppError('not_found', 'Business not found');
  const decision = decideAccess(access, resolved);
  if (decision.allowed) return resolved;
  if (decision.denial === 'read_only') throw new AppError('read_only', MESSAGES.demoReadOnly);
  throw new AppError('forbidden', `This needs one of the roles ${decision.roles.join(', ')}; you are ${resolved.role}`);
}

/** Renames or describes a business; the route's access rule has checked the caller may. */
export async function updateBusiness(db: Db, access: BusinessAccess, changes: UpdateBusinessBody): Promise<Business> {
  const business = await repo.updateBusiness(db, access.business.id, changes);
  return toBusiness({ ...access, business });
}

/** The people with access to a business; none for the shared demo, whose list would expose other customers. */
export async function listMembers(db: Db, access: BusinessAccess): Promise<Member[]> {
  if (access.business.isDemo) return [];
  const rows = await repo.listMembers(db, access.business.id);
  return rows.map((m) => ({
    user_id: m.userId,
    email: m.email,
    full_name: [m.firstName, m.lastName].filter(Boolean).join(' '),
    role: m.role,
    joined_at: m.joinedAt.toISOString(),
  }));
}

/** Creates a business owned by the user (sign-up does this in its transaction). */
export async function createOwnedBusiness(
  tx: Executor,
  userId: string,
  input: { name: string; website: string; industry: string },
): Promise<repo.BusinessRow> {
  const base = input.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const slug = `${base || 'business'}-${randomBytes(3).toString('hex')}`;
  const color = PALETTE[randomBytes(1)[0]! % PALETTE.length]!;
  const business = await repo.insertBusiness(tx, {
    slug,
    name: input.name,
    website: input.website,
    industry: input.industry || 'other',
    color,
  });
  await repo.insertMembership(tx, { userId, businessId: business.id, role: 'owner' });
  return business;
}
