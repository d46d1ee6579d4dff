import type { CompetitorPrice } from '@ri/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { useCompetitorPrices } from '../hooks/use-strategy-data';
import { useDeleteCompetitorPrice } from '../hooks/use-strategy-mutations';
import { formatMoney } from '../lib/strategy-format';
import { CompetitorPriceForm } from './competitor-price-form';

export const DELETE_FAILED = 'The price could not be deleted.';

const money = (p: CompetitorPrice, value: number) => formatMoney(value, p.currency, 2);
const entered = (p: CompetitorPrice) =>
  `${new Date(p.entered_at).toLocaleDateString()}${p.entered_by ? ` by ${p.entered_by}` : ''}`;

function ConfirmDelete({ price, onClose }: { price: CompetitorPrice; onClose: () => void }) {
  const remove = useDeleteCompetitorPrice();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete this price?"
      description={`${price.competitor}'s price for ${price.product} (${money(price, price.price)}) will no longer count in the market figures.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={remove.isPending} onClick={() => remove.mutate(price.id, { onSuccess: onClose })}>
            Delete
          </Button>
        </>
      }
    >
      {remove.isError ? (
        <Alert tone="error">{getErrorMessage(remove.error, DELETE_FAILED)}</Alert>
      ) : (
        <p className="text-sm text-slate-700">You can enter it again at any time.</p>
      )}
    </Modal>
  );
}

/** Competitor prices the owner entered: the source of the price difference and the competitive insight. */
export function CompetitorPricesPanel({ permission }: { permission: Permission }) {
  const prices = useCompetitorPrices();
  const [deleting, setDeleting] = useState<CompetitorPrice | null>(null);
  const label = (p: CompetitorPrice) => `${p.competitor}, ${p.product}`;
  const deleteButton = (p: CompetitorPrice) =>
    permission.allowed ? (
      <Button variant="ghost" className="px-2 py-1" aria-label={`Delete ${label(p)}`} onClick={() => setDeleting(p)}>
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    ) : null;
  const columns: DataColumn<CompetitorPrice>[] = [
    { header: 'Competitor', cell: (p) => p.competitor },
    { header: 'Product', cell: (p) => p.product },
    { header: 'Their price', cell: (p) => money(p, p.price), align: 'right', className: 'tabular-nums' },
    { header: 'Your price', cell: (p) => money(p, p.own_price), align: 'right', className: 'tabular-nums' },
    { header: 'Entered', cell: entered, className: 'text-slate-600' },
    { header: 'Actions', headerHidden: true, cell: deleteButton, align: 'right' },
  ];

  return (
    <section
      aria-labelledby="competitor-prices"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h3 id="competitor-prices" className="font-semibold text-slate-900">
          Competitor prices
        </h3>
        <p className="text-sm text-slate-600">
          Prices you enter feed the competitor price difference and the competitive insight; only the last 180 days
          count, the latest per competitor.
        </p>
      </div>
      {prices.isError && <p className="text-sm text-slate-600">The competitor prices could not be loaded.</p>}
      {prices.data && prices.data.prices.length === 0 && (
        <p className="text-sm text-slate-600">No competitor price entered yet.</p>
      )}
      {prices.data && prices.data.prices.length > 0 && (
        <DataTable
          caption="Competitor prices"
          columns={columns}
          rows={prices.data.prices}
          rowKey={(p) => p.id}
          cards={{
            tableQuery: '(min-width: 768px)',
            className: 'py-2 text-sm',
            render: (p) => (
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{label(p)}</p>
                  <p className="tabular-nums text-slate-700">
                    Theirs {money(p, p.price)} · yours {money(p, p.own_price)}
                  </p>
                  <p className="text-xs text-slate-500">Entered {entered(p)}</p>
                </div>
                {deleteButton(p)}
              </div>
            ),
          }}
        />
      )}
      {permission.allowed ? <CompetitorPriceForm /> : <p className="text-xs text-slate-500">{permission.reason}</p>}
      {deleting && <ConfirmDelete price={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}
