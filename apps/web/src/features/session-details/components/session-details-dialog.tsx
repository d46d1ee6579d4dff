import type { LiveSession } from '@ri/contracts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs';
import { shortSessionId } from '../../../lib/session-format';
import { useSessionJourney } from '../hooks/use-session-details';
import { EventsTab } from './events-tab';
import { JourneyTab } from './journey-tab';
import { ScoreTab } from './score-tab';

export const DETAILS_FAILED = 'Failed to load session details. Please try again.';

type Props = {
  session: LiveSession;
  onClose: () => void;
  /** The session's recorded actions, shown last on the Score & profile tab. */
  engagementHistory?: ReactNode;
};

function JourneyContent({ session, engagementHistory }: Omit<Props, 'onClose'>) {
  const journey = useSessionJourney(session.session_id);
  return (
    <Tabs defaultValue="journey">
      <TabList aria-label="Session details">
        <TabTrigger value="journey">Journey</TabTrigger>
        <TabTrigger value="events">Events</TabTrigger>
        <TabTrigger value="score">Score & profile</TabTrigger>
      </TabList>
      {(['journey', 'events'] as const).map((tab) => (
        <TabPanel key={tab} value={tab}>
          {journey.isPending && <Spinner label="Loading session details..." />}
          {journey.isError && (
            <div role="alert" className="py-6 text-center text-sm text-slate-700">
              <p>{DETAILS_FAILED}</p>
              <Button
                className="mt-3"
                variant="secondary"
                busy={journey.isFetching}
                onClick={() => void journey.refetch()}
              >
                Try again
              </Button>
            </div>
          )}
          {journey.data &&
            (tab === 'journey' ? <JourneyTab journey={journey.data} /> : <EventsTab journey={journey.data} />)}
        </TabPanel>
      ))}
      <TabPanel value="score">
        <ScoreTab session={session} engagementHistory={engagementHistory} />
      </TabPanel>
    </Tabs>
  );
}

/** Session Details: the recorded journey, events and friction, and the reasons behind its scores. */
export function SessionDetailsDialog({ session, onClose, engagementHistory }: Props) {
  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Session Details"
      description={`Session ${shortSessionId(session.session_id)} · visitor ${session.visitor_id}`}
    >
      <JourneyContent session={session} engagementHistory={engagementHistory} />
    </Modal>
  );
}
