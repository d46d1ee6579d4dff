import { SESSION_NOT_FOUND } from '@ri/contracts';
import { useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSessionDetail } from '../hooks/use-session-detail';
import { DetailAnalyticsTab } from './detail-analytics-tab';
import { DetailError } from './detail-error';
import { DetailOverviewTab } from './detail-overview-tab';
import { DetailRawTab } from './detail-raw-tab';
import { DetailTimelineTab } from './detail-timeline-tab';
import { SessionDetailHeader } from './session-detail-header';

const TABS = [
  { value: 'overview', label: 'Overview', Content: DetailOverviewTab },
  { value: 'timeline', label: 'Timeline', Content: DetailTimelineTab },
  { value: 'analytics', label: 'Analytics', Content: DetailAnalyticsTab },
  { value: 'raw', label: 'Raw Data', Content: DetailRawTab },
] as const;

/** /admin/sessions/:sessionId: one recorded session, its journey, engagement and raw events. */
export function SessionDetailScreen() {
  useDocumentTitle('Session Detail');
  const { sessionId = '' } = useParams();
  const { data, isPending, isError, error, refetch, isFetching } = useSessionDetail(sessionId);

  if (isPending) return <Spinner label="Loading session..." />;
  if (isError) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <DetailError
        message={notFound ? SESSION_NOT_FOUND : 'Failed to load session details. Please try again.'}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <SessionDetailHeader detail={data} />
      <Tabs defaultValue="overview">
        <TabList aria-label="Session detail">
          {TABS.map((tab) => (
            <TabTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabTrigger>
          ))}
        </TabList>
        {TABS.map(({ value, Content }) => (
          <TabPanel key={value} value={value}>
            <Content detail={data} />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
