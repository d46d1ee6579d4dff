import type { CampaignExtended, Creative } from '@ri/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdExport } from '../hooks/use-ad-export';
import { useAdFilters } from '../hooks/use-ad-filters';
import { useAdSummary } from '../hooks/use-ad-intelligence';
import { CampaignsSection, ChannelsSection, CreativesSection, SpendSection } from './ad-sections';
import { AdEmptyState, AdErrorState, adDataState, DemoModeBanner, isDemoModeMessage, LOAD_FAILED } from './ad-states';
import { AdSummaryCards } from './ad-summary-cards';
import { AdToolbar, PlatformStatusList } from './ad-toolbar';
import { CampaignDetailsDialog } from './campaign-details-dialog';
import { CreativeDetailsDialog } from './creative-details-dialog';
import { ModelComparison } from './model-comparison';
import { OptimizationDialog } from './optimization-dialog';

export const EXPORT_FAILED = 'Export failed. Please try again.';

/**
 * /ad-intelligence: what the ads cost and what they really brought. Spend and delivery come from the
 * synced ad platforms; conversions are attributed from tracked visitors and linked payments, shown beside
 * the platforms' own claims. `implement` says whether this person may implement optimisations.
 */
export function AdIntelligenceScreen({ implement }: { implement: Permission }) {
  useDocumentTitle('Ad Intelligence');
  const { filters, timeFrame, setTimeFrame, setPlatform } = useAdFilters();
  const summary = useAdSummary(filters);
  const exporter = useAdExport(filters);
  const [viewing, setViewing] = useState<CampaignExtended | null>(null);
  const [optimizing, setOptimizing] = useState<CampaignExtended | null>(null);
  const [creative, setCreative] = useState<Creative | null>(null);

  const windowText = `the last ${filters.days} days`;
  const loadError = summary.isError ? getErrorMessage(summary.error, LOAD_FAILED) : null;
  const state = summary.data ? adDataState(summary.data) : null;
  const showAds = state?.kind === 'ok';
  const showTracked = state !== null && state.kind !== 'platform-not-connected';
  const optimize = (campaign: CampaignExtended) => {
    setViewing(null);
    setOptimizing(campaign);
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Ad Intelligence</h1>
          <p className="mt-1 text-sm text-slate-600">
            Which ads make money: spend from your ad platforms against the conversions we see them bring.
          </p>
        </div>
        <AdToolbar
          platform={filters.platform}
          onPlatformChange={setPlatform}
          timeFrame={timeFrame}
          onTimeFrameChange={setTimeFrame}
          platforms={summary.data?.platforms}
          onExport={() => exporter.mutate()}
          exporting={exporter.isPending}
        />
      </div>
      {exporter.isError && <Alert tone="error">{EXPORT_FAILED}</Alert>}

      {loadError &&
        !summary.data &&
        (isDemoModeMessage(loadError) ? (
          <DemoModeBanner message={loadError} />
        ) : (
          <AdErrorState message={loadError} retrying={summary.isFetching} onRetry={() => void summary.refetch()} />
        ))}
      {summary.isPending && <Spinner label="Loading ad intelligence..." />}
      {summary.data && state && (
        <div
          aria-busy={summary.isPlaceholderData || undefined}
          className={`space-y-6 ${summary.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {loadError && <Alert tone="error">Could not refresh the figures: {loadError}</Alert>}
          <PlatformStatusList platforms={summary.data.platforms} />
          {state.kind !== 'ok' && <AdEmptyState state={state} days={filters.days} />}
          {showAds && (
            <>
              <AdSummaryCards summary={summary.data} />
              <SpendSection filters={filters} windowText={windowText} />
            </>
          )}
          {showTracked && <ChannelsSection filters={filters} windowText={windowText} />}
          {showAds && (
            <>
              <CampaignsSection filters={filters} windowText={windowText} onView={setViewing} onOptimize={optimize} />
              <CreativesSection filters={filters} windowText={windowText} onDetails={setCreative} />
            </>
          )}
          {showTracked && <ModelComparison filters={filters} windowText={windowText} />}
        </div>
      )}

      {/* Modals render into a portal; their place here changes nothing on the page. */}
      {viewing && (
        <CampaignDetailsDialog
          campaign={viewing}
          days={filters.days}
          windowText={windowText}
          onOptimize={optimize}
          onClose={() => setViewing(null)}
        />
      )}
      {optimizing && (
        <OptimizationDialog
          campaign={optimizing}
          days={filters.days}
          implement={implement}
          onClose={() => setOptimizing(null)}
        />
      )}
      {creative && <CreativeDetailsDialog creative={creative} onClose={() => setCreative(null)} />}
    </div>
  );
}
