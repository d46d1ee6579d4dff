import { SESSION_NOT_FOUND } from '@ri/contracts';
import { Tabs } from 'radix-ui';
import { useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { tabListClass, tabTriggerClass } from '../../../components/ui/tab-styles';
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
      <Tabs.Root defaultValue="overview">
        <Tabs.List aria-label="Session detail" className={tabListClass}>
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={tabTriggerClass}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Content }) => (
          <Tabs.Content key={value} value={value} className="outline-none">
            <Content detail={data} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
