import { API, type BehavioralInsight, type LiveSession } from '@ri/contracts';
import { useState } from 'react';
import { InsightsPanel } from '../../features/behavioral-insights/components/insights-panel';
import { ConversionSpyScreen } from '../../features/conversion-spy/components/conversion-spy-screen';
import { EngageButton } from '../../features/engagement/components/engage-button';
import { EngagementHistory } from '../../features/engagement/components/engagement-history';
import { ImplementActionDialog } from '../../features/engagement/components/implement-action-dialog';
import { ProfileOutcomesPanel } from '../../features/profile-outcomes/components/profile-outcomes-panel';
import { ReadinessModelPanel } from '../../features/readiness-model/components/readiness-model-panel';
import { REFIT_DENIALS } from '../../features/readiness-model/lib/refit-denials';
import { SessionDetailsDialog } from '../../features/session-details/components/session-details-dialog';
import { usePermission } from './use-permission';

/** Details of a session, with the actions recorded for it on the Score & profile tab. */
const renderSessionDetails = (session: LiveSession, onClose: () => void) => (
  <SessionDetailsDialog
    session={session}
    onClose={onClose}
    engagementHistory={<EngagementHistory sessionId={session.session_id} />}
  />
);

/** Engage, offered on the rows of high-intent sessions. */
const renderEngage = (session: LiveSession) => <EngageButton session={session} />;

/**
 * The Conversion Spy Engine: the live sessions screen with the readiness model's and the insights'
 * panels in its slots (the profiles' outcomes beside the insights) and a session's Details from
 * session-details. Take Action on an insight opens Implement Action over the screen.
 */
export function ConversionSpyRoute() {
  const refit = usePermission(API.refitReadinessModel, REFIT_DENIALS);
  const [actionInsight, setActionInsight] = useState<BehavioralInsight | null>(null);
  return (
    <>
      <ConversionSpyScreen
        readinessModel={<ReadinessModelPanel refit={refit} />}
        insights={
          <>
            <InsightsPanel onTakeAction={setActionInsight} />
            <ProfileOutcomesPanel />
          </>
        }
        renderSessionDetails={renderSessionDetails}
        renderEngage={renderEngage}
      />
      {/* A modal: it renders into a portal, so its place beside the screen changes nothing on the page. */}
      {actionInsight && <ImplementActionDialog insight={actionInsight} onClose={() => setActionInsight(null)} />}
    </>
  );
}
