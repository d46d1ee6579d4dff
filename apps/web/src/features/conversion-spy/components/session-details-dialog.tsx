import type { LiveSession } from '@ri/contracts';
import { Tabs } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { tabListClass, tabTriggerClass } from '../../../components/ui/tab-styles';
import { useSessionJourney } from '../hooks/use-session-details';
import { EventsTab } from './events-tab';
import { JourneyTab } from './journey-tab';
import { ScoreTab } from './score-tab';
import { shortSessionId } from './session-format';

export const DETAILS_FAILED = 'Failed to load session details. Please try again.';

function JourneyContent({ session }: { session: LiveSession }) {
  const journey = useSessionJourney(session.session_id);
  return (
    <Tabs.Root defaultValue="journey">
      <Tabs.List aria-label="Session details" className={tabListClass}>
        <Tabs.Trigger value="journey" className={tabTriggerClass}>
          Journey
        </Tabs.Trigger>
        <Tabs.Trigger value="events" className={tabTriggerClass}>
          Events
        </Tabs.Trigger>
        <Tabs.Trigger value="score" className={tabTriggerClass}>
          Score & profile
        </Tabs.Trigger>
      </Tabs.List>
      {(['journey', 'events'] as const).map((tab) => (
        <Tabs.Content key={tab} value={tab} className="outline-none">
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
        </Tabs.Content>
      ))}
      <Tabs.Content value="score" className="outline-none">
        <ScoreTab session={session} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Session Details: the recorded journey, events and friction, and the reasons behind its scores. */
export function SessionDetailsDialog({ session, onClose }: { session: LiveSession; onClose: () => void }) {
  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Session Details"
      description={`Session ${shortSessionId(session.session_id)} · visitor ${session.visitor_id}`}
    >
      <JourneyContent session={session} />
    </Modal>
  );
}
