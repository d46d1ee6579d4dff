import { z } from 'zod';

/** The ten industries offered at sign-up, in the order the form shows them. */
export const INDUSTRIES = [
  'ecommerce',
  'saas',
  'consulting',
  'agency',
  'retail',
  'healthcare',
  'finance',
  'education',
  'real-estate',
  'other',
] as const;
export const industrySchema = z.enum(INDUSTRIES, {
  message: `Industry must be one of: ${INDUSTRIES.join(', ')}`,
});
export type Industry = z.infer<typeof industrySchema>;

export const INDUSTRY_LABELS: Record<Industry, string> = {
  ecommerce: 'E-commerce',
  saas: 'SaaS',
  consulting: 'Consulting',
  agency: 'Marketing Agency',
  retail: 'Retail',
  healthcare: 'Healthcare',
  finance: 'Finance',
  education: 'Education',
  'real-estate': 'Real Estate',
  other: 'Other',
};

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The shared demo business: every user may read it, nobody may change it. */
export const DEMO_BUSINESS_SLUG = 'demo';
export const DEMO_BUSINESS = {
  name: 'Demo',
  industryLabel: 'Demo Data',
  description: 'Uses dummy data for demonstration purposes',
} as const;

export const businessSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  industry: z.string(),
  industry_label: z.string(),
  website: z.string(),
  color: z.string(),
  is_demo: z.boolean(),
  description: z.string().nullable(),
  role: roleSchema,
  read_only: z.boolean(),
  created_at: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

export const businessListSchema = z.object({ businesses: z.array(businessSchema) });

export const businessParamsSchema = z.object({ businessId: z.uuid({ message: 'businessId must be a UUID' }) });

export const updateBusinessBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Business name cannot be empty').max(200).optional(),
    website: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
        message: 'Website must be a full URL starting with http:// or https://',
      })
      .optional(),
    industry: industrySchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Send at least one of name, website, industry' });
export type UpdateBusinessBody = z.infer<typeof updateBusinessBodySchema>;

export const memberSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  full_name: z.string(),
  role: roleSchema,
  joined_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ members: z.array(memberSchema) });
