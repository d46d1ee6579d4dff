import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { businesses, memberships, users } from '../../db/schema.js';

export type BusinessRow = typeof businesses.$inferSelect;
export type MembershipRole = (typeof memberships.$inferSelect)['role'];

/** The businesses a user may open: their memberships plus the shared demo business. */
export function listAccessibleBusinesses(db: Executor, userId: string) {
  return db
    .select({ business: businesses, role: memberships.role })
    .from(businesses)
    .leftJoin(memberships, and(eq(memberships.businessId, businesses.id), eq(memberships.userId, userId)))
    .where(or(eq(businesses.isDemo, true), eq(memberships.userId, userId)))
    .orderBy(businesses.isDemo, asc(businesses.createdAt));
}

/** One business with the user's role in it (role null when the user is not a member). */
export async function findBusinessForUser(db: Executor, userId: string, businessId: string) {
  const [row] = await db
    .select({ business: businesses, role: memberships.role })
    .from(businesses)
    .leftJoin(memberships, and(eq(memberships.businessId, businesses.id), eq(memberships.userId, userId)))
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row;
}

export async function insertBusiness(db: Executor, values: typeof businesses.$inferInsert): Promise<BusinessRow> {
  const [row] = await db.insert(businesses).values(values).returning();
  return row!;
}

export function insertMembership(db: Executor, values: typeof memberships.$inferInsert) {
  return db.insert(memberships).values(values);
}

export async function updateBusiness(
  db: Executor,
  businessId: string,
  values: Partial<Pick<BusinessRow, 'name' | 'website' | 'industry'>>,
): Promise<BusinessRow> {
  const [row] = await db.update(businesses).set(values).where(eq(businesses.id, businessId)).returning();
  return row!;
}

export function listMembers(db: Executor, businessId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.businessId, businessId))
    .orderBy(asc(memberships.createdAt));
}

/** The user's own business (owner before admin before member, oldest first): the default when a call names none. */
export async function findDefaultBusiness(db: Executor, userId: string): Promise<BusinessRow | undefined> {
  const [row] = await db
    .select({ business: businesses })
    .from(memberships)
    .innerJoin(businesses, eq(businesses.id, memberships.businessId))
    .where(eq(memberships.userId, userId))
    .orderBy(
      sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(memberships.createdAt),
    )
    .limit(1);
  return row?.business;
}

/** Creates the shared demo business once; concurrent starts are safe. */
export async function ensureDemoBusiness(db: Executor): Promise<void> {
  await db
    .insert(businesses)
    .values({ slug: 'demo', name: 'Demo', industry: 'other', website: '', color: '#8b5cf6', isDemo: true })
    .onConflictDoNothing({ target: businesses.slug });
}
