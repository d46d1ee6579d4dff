import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';
import { useAddCompetitorPrice } from '../hooks/use-strategy-mutations';
import {
  EMPTY_PRICE_DRAFT,
  PRICE_FIELDS,
  PRICE_LABELS,
  type PriceDraft,
  type PriceErrors,
  type PriceField,
  parsePriceDraft,
  serverFieldError,
} from '../lib/competitor-price-form';
import { FormField } from './form-field';

export const PRICE_SAVE_FAILED = 'The price could not be saved.';

const HINTS: Partial<Record<PriceField, string>> = {
  currency: 'Three letters, e.g. USD. Prices are compared within one currency.',
  own_price: 'What you charge for the same product.',
};
const PLACEHOLDERS: Partial<Record<PriceField, string>> = { currency: 'USD', price: '49.00', own_price: '45.00' };

/** Add a competitor's price: checked as the server checks it; a refusal that names a field shows under it. */
export function CompetitorPriceForm() {
  const [draft, setDraft] = useState<PriceDraft>(EMPTY_PRICE_DRAFT);
  const [errors, setErrors] = useState<PriceErrors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const add = useAddCompetitorPrice();
  const fromServer = add.isError ? serverFieldError(add.error) : null;
  const fieldErrors = { ...errors, ...fromServer };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const parsed = parsePriceDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      const first = PRICE_FIELDS.find((f) => parsed.errors[f]);
      if (first) document.getElementById(`price-${first}`)?.focus();
      return;
    }
    setErrors({});
    add.mutate(parsed.body, {
      onSuccess: (price) => {
        setDraft(EMPTY_PRICE_DRAFT);
        setSaved(`Saved ${price.competitor}'s price for ${price.product}.`);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Add a competitor price" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {PRICE_FIELDS.map((field) => (
          <FormField
            key={field}
            id={`price-${field}`}
            label={PRICE_LABELS[field]}
            required
            inputMode={field === 'price' || field === 'own_price' ? 'decimal' : undefined}
            placeholder={PLACEHOLDERS[field]}
            hint={HINTS[field]}
            value={draft[field]}
            error={fieldErrors[field]}
            onChange={(e) => {
              const value = e.target.value;
              setDraft((d) => ({ ...d, [field]: value }));
              setErrors(({ [field]: _, ...rest }) => rest);
            }}
          />
        ))}
      </div>
      <Button type="submit" busy={add.isPending}>
        Add price
      </Button>
      {add.isError && !fromServer && <Alert tone="error">{getErrorMessage(add.error, PRICE_SAVE_FAILED)}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
    </form>
  );
}
