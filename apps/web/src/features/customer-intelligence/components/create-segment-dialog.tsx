import type { SavedSegment, SegmentSuggestion } from '@ri/contracts';
import { Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import { useCreateSegment } from '../hooks/use-customer-mutations';
import { CREATE_SEGMENTS_FAILED, fieldErrorsOf, useSegmentForm } from '../hooks/use-segment-form';
import { describeRules, toFormValues } from '../lib/segment-rules';
import { SegmentRulesForm } from './segment-rules-form';

type Mode = 'suggestion' | 'rules';
const MODES = [
  { value: 'suggestion', label: 'From a suggestion' },
  { value: 'rules', label: 'Define rules' },
] as const;

function SuggestionPicker({
  suggestions,
  onCreated,
}: {
  suggestions: readonly SegmentSuggestion[];
  onCreated: (segment: SavedSegment) => void;
}) {
  const available = suggestions.filter((s) => s.user_count > 0);
  const [chosen, setChosen] = useState<SegmentSuggestion | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateSegment();
  if (available.length === 0) {
    return (
      <EmptyState icon={Lightbulb} title="No suggestion matches any customer" compact>
        The suggested segments (Fast-Movers worth over 1,000, valuable customers at risk of churning, ready customers
        not yet retained, engaged Proof-Driven and Skeptic customers) match none of your customers today. Define your
        own rules instead.
      </EmptyState>
    );
  }
  const confirm = () => {
    if (!chosen) return;
    create.mutate(
      { name: chosen.name, description: chosen.description, rules: chosen.rules },
      { onSuccess: onCreated },
    );
  };
  const failure = create.isError
    ? fieldErrorsOf(create.error)
      ? getErrorMessage(create.error, CREATE_SEGMENTS_FAILED)
      : CREATE_SEGMENTS_FAILED
    : null;
  if (confirming && chosen) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Save “{chosen.name}” as a segment? It matches {formatCount(chosen.user_count)} customers now, and keeps
          counting whoever matches its rules.
        </p>
        <ul className="list-disc pl-5 text-sm text-slate-600">
          {describeRules(chosen.rules).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Back
          </Button>
          <Button busy={create.isPending} onClick={confirm}>
            Confirm
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-2 text-sm text-slate-600">Suggestions that match customers now</legend>
        <div className="space-y-2">
          {available.map((s) => (
            <label
              key={s.key}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50"
            >
              <input
                type="radio"
                name="segment-suggestion"
                checked={chosen?.key === s.key}
                onChange={() => setChosen(s)}
                className="mt-1"
              />
              <span>
                <span className="block font-medium text-slate-900">
                  {s.name} · {formatCount(s.user_count)} customers
                </span>
                <span className="block text-sm text-slate-600">{s.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button disabled={!chosen} onClick={() => setConfirming(true)}>
          Create segment
        </Button>
      </div>
    </div>
  );
}

function RulesCreator({ onCreated }: { onCreated: (segment: SavedSegment) => void }) {
  const create = useCreateSegment();
  const form = useSegmentForm(toFormValues(), (body) => create.mutateAsync(body));
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const saved = await form.submit();
        if (saved) onCreated(saved);
      }}
    >
      <SegmentRulesForm values={form.values} onChange={form.setValues} errors={form.errors} />
      {form.failure && <Alert tone="error">{form.failure}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" busy={form.saving}>
          Save segment
        </Button>
      </div>
    </form>
  );
}

type Props = {
  suggestions: readonly SegmentSuggestion[];
  onCreated: (segment: SavedSegment) => void;
  onClose: () => void;
};

/** Create Segment: save one of the suggestions that match customers (after a confirm step), or your own rules. */
export function CreateSegmentDialog({ suggestions, onCreated, onClose }: Props) {
  const [mode, setMode] = useState<Mode>(suggestions.some((s) => s.user_count > 0) ? 'suggestion' : 'rules');
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title="Create Segment"
      description="A saved segment keeps its rules and lists whoever matches them."
    >
      <div className="space-y-4">
        <SegmentedControl label="How to define the segment" options={MODES} value={mode} onChange={setMode} />
        {mode === 'suggestion' ? (
          <SuggestionPicker suggestions={suggestions} onCreated={onCreated} />
        ) : (
          <RulesCreator onCreated={onCreated} />
        )}
      </div>
    </Modal>
  );
}
