import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

const ROWS: readonly [string, string][] = [
  [
    'Expected lift',
    "A rule's estimate of extra conversions over the site's conversions in the window: at a constant order value, the share of the window's revenue it could add. Each assumes a fix closes half the gap it measured, not all of it. Each recommendation's View Details gives the formula with its numbers.",
  ],
  [
    'Potential Revenue Lift',
    'The sum of the recommendations’ expected lifts. They are separate estimates and may overlap (two fixes on the same visitors do not add up fully), so read the sum as an upper estimate.',
  ],
  [
    'Confidence',
    'How much of the measured gap is left at the cautious end of its 95 % interval: 0 at the edge of significance, never above 95 %. Lift × confidence is the lift at the cautious end.',
  ],
  ['Priority', 'High when lift × confidence is at least 2 % of the window’s revenue, medium from 0.5 %, else low.'],
  ['Impact score', 'The lift against a tenth of the window’s revenue (a tenth or more is full impact).'],
  ['Effort required', 'The rule’s documented estimate of the work the change takes, not a property of the data.'],
  [
    'Actions',
    'Each step of a recommendation with a share of its lift. Impact 0–10: 10 when its cautious lift is 2 % of the window’s revenue; leverage is impact over effort. A quick win is effort ≤ 3 and impact ≥ 6.',
  ],
  [
    'Outcomes',
    'A completed action’s metric before and after, with a 95 % interval for the change: improved or worsened only when the interval leaves out 0. It says "after", not "because of": other things change too.',
  ],
];

/** How the strategist's figures are computed, in a reader's words (docs/strategy.md). */
export function MethodDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="How the Revenue Strategist computes its figures"
      description="Every figure comes from documented rules over your own data; none is a placeholder."
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <dl className="space-y-3 text-sm">
        {ROWS.map(([term, text]) => (
          <div key={term}>
            <dt className="font-semibold text-slate-900">{term}</dt>
            <dd className="text-slate-700">{text}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
