import { type CompetitorPriceBody, competitorPriceBodySchema } from '@ri/contracts';
import { ApiError } from '../../../lib/api-error';

export const PRICE_FIELDS = ['competitor', 'product', 'price', 'own_price', 'currency'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

export const PRICE_LABELS: Record<PriceField, string> = {
  competitor: 'Competitor',
  product: 'Product',
  price: 'Their price',
  own_price: 'Your price',
  currency: 'Currency',
};

/** The form as typed. */
export type PriceDraft = Record<PriceField, string>;
export type PriceErrors = Partial<Record<PriceField, string>>;

export const EMPTY_PRICE_DRAFT: PriceDraft = { competitor: '', product: '', price: '', own_price: '', currency: '' };

const isPriceField = (field: unknown): field is PriceField => PRICE_FIELDS.includes(field as PriceField);

/** The server's message for a field, led by the field's label instead of its key: 'own_price must…' → 'Your price must…'. */
export function fieldMessage(field: PriceField, message: string): string {
  const withoutPrefix = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  return withoutPrefix.startsWith(field) ? `${PRICE_LABELS[field]}${withoutPrefix.slice(field.length)}` : withoutPrefix;
}

const toNumber = (text: string) => {
  const trimmed = text.trim().replaceAll(',', '');
  return trimmed === '' ? undefined : Number(trimmed);
};

/** Reads the draft with the contract's schema, so the form refuses what the server would, in its words. */
export function parsePriceDraft(
  draft: PriceDraft,
): { ok: true; body: CompetitorPriceBody } | { ok: false; errors: PriceErrors } {
  const parsed = competitorPriceBodySchema.safeParse({
    competitor: draft.competitor,
    product: draft.product,
    price: toNumber(draft.price),
    own_price: toNumber(draft.own_price),
    currency: draft.currency,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: PriceErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isPriceField(field)) errors[field] ??= fieldMessage(field, issue.message);
  }
  return { ok: false, errors };
}

/** A server refusal that names one of the form's fields, as that field's error; null for any other failure. */
export function serverFieldError(error: unknown): PriceErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = error.field?.split('.').at(-1);
  return isPriceField(field) ? { [field]: fieldMessage(field, error.message) } : null;
}
