import type { Dashboard } from '@ri/contracts';
import { Brain } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import type { Permission } from '../../../lib/can';
import { PROFILES_FAILED, type ProfileGeneration, useProfileGeneration } from '../hooks/use-profile-generation';
import { ChartDataTable } from './chart-data-table';
import { Section } from './section';

type Profiles = Dashboard['neuromind_profiles'];

/** Customers per profile as HTML-labelled SVG bars, largest first, with the counts as a table. */
function ProfileBars({ profiles }: { profiles: Profiles }) {
  const sorted = [...profiles].sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
  const max = Math.max(1, ...sorted.map((p) => p.count));
  const total = sorted.reduce((sum, p) => sum + p.count, 0);
  const top = sorted[0];
  const summary = top
    ? `Customers per Neuromind profile: ${total.toLocaleString('en-US')} in all; ${top.type} holds the most (${top.count.toLocaleString('en-US')}).`
    : 'Customers per Neuromind profile: none yet.';
  return (
    <div>
      <div role="img" aria-label={summary} className="space-y-1.5">
        {sorted.map((p) => (
          <div key={p.type} className="grid grid-cols-[7.5rem_1fr_3.5rem] items-center gap-2 text-xs text-slate-700">
            <span className="truncate">{p.type}</span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full">
              <rect x={0} y={0} width={100} height={10} rx={1} fill="#f1f5f9" />
              <rect x={0} y={0} width={(100 * p.count) / max} height={10} rx={1} fill="#6366f1" />
            </svg>
            <span className="text-right tabular-nums">{p.count.toLocaleString('en-US')}</span>
          </div>
        ))}
      </div>
      <ChartDataTable
        caption="Customers per Neuromind profile"
        headers={['Profile', 'Customers', 'Share']}
        rows={sorted.map((p) => [
          p.type,
          p.count.toLocaleString('en-US'),
          total > 0 ? `${((100 * p.count) / total).toFixed(1)}%` : '0.0%',
        ])}
      />
    </div>
  );
}

/** What the generation says: progress while it runs, the counts after, or the error. */
function GenerationStatus({ state, onDismiss }: { state: ProfileGeneration; onDismiss: () => void }) {
  const dismiss = (
    <Button variant="link" className="mt-1 text-xs" onClick={onDismiss}>
      Dismiss
    </Button>
  );
  switch (state.kind) {
    case 'idle':
      return null;
    case 'starting':
      return <Alert tone="info">Starting profile generation...</Alert>;
    case 'running': {
      const progress = state.task?.progress;
      const percentage = Math.round(Math.min(100, Math.max(0, progress?.percentage ?? 0)));
      return (
        <Alert tone="info">
          <p className="font-medium">Generating Neuromind profiles</p>
          <p>{state.message}</p>
          <div
            role="progressbar"
            aria-label="Profile generation"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percentage}
            className="mt-2 h-1.5 w-full max-w-sm overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-indigo-500" style={{ width: `${percentage}%` }} />
          </div>
          <p className="mt-1 text-xs">
            {progress
              ? `${percentage}% · ${progress.current_step} (${progress.completed} of ${progress.total})`
              : 'Waiting for the first progress report...'}
          </p>
        </Alert>
      );
    }
    case 'completed':
      return (
        <Alert tone="success">
          <p className="font-medium">Neuromind profiles generated</p>
          {state.result && (
            <p>
              {state.result.profiles_generated} generated, {state.result.profiles_updated} updated,{' '}
              {state.result.profiles_skipped} skipped.
            </p>
          )}
          {dismiss}
        </Alert>
      );
    case 'current':
      return (
        <Alert tone="info">
          <p>{state.message}</p>
          {dismiss}
        </Alert>
      );
    case 'failed':
      return (
        <Alert tone="error">
          <p className="font-medium">{PROFILES_FAILED}</p>
          <p>{state.error}</p>
          {dismiss}
        </Alert>
      );
  }
}

type Props = {
  profiles: Profiles;
  /** Why there are no profiles (the customer figures' reason), for the empty state. */
  emptyReason: string;
  permission: Permission;
};

/**
 * 'Neuromind Profile Distribution' (spec 2.4): customers per profile as bars, or the empty state whose button
 * builds the profiles (a task polled every 2 s) and reloads the dashboard when it is done.
 */
export function ProfileDistribution({ profiles, emptyReason, permission }: Props) {
  const generation = useProfileGeneration();
  const hasProfiles = profiles.some((p) => p.count > 0);
  return (
    <Section title="Neuromind Profile Distribution" hint="How your customers split across the seven buying profiles.">
      <div className="space-y-4">
        <GenerationStatus state={generation.state} onDismiss={generation.dismiss} />
        {hasProfiles ? (
          <ProfileBars profiles={profiles.filter((p) => p.count > 0)} />
        ) : (
          <EmptyState
            compact
            icon={Brain}
            title="No Neuromind profiles yet"
            action={
              permission.allowed ? (
                <Button busy={generation.busy} onClick={generation.start}>
                  Generate Neuromind Profiles
                </Button>
              ) : (
                permission.reason && <span className="text-xs text-slate-500">{permission.reason}</span>
              )
            }
          >
            {emptyReason} Profiles are built from your customers' tracked behaviour and purchases.
          </EmptyState>
        )}
      </div>
    </Section>
  );
}
