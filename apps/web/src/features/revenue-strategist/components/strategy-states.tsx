import { LoadErrorPanel } from '../../../components/ui/load-error-panel';

export { DemoModeBanner, isDemoModeMessage } from '../../../components/ui/demo-mode-banner';

/** Spec 3 sections 2.1 and 8. */
export const LOADING_TEXT = 'Generating Strategic Insights...';
export const LOAD_FAILED = 'Failed to load Revenue Strategist data';

export function StrategyErrorState(props: { message: string; retrying: boolean; onRetry: () => void }) {
  return <LoadErrorPanel title="Unable to load the Revenue Strategist" {...props} />;
}

/** A tab whose own read failed, while the others loaded. */
export function TabLoadError({ what }: { what: string }) {
  return (
    <p className="py-6 text-center text-sm text-slate-600">The {what} could not be loaded. Use Try again above.</p>
  );
}
