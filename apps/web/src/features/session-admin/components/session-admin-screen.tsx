import type { SessionListItem } from '@ri/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { PageHeader, Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { timeRangeWindow } from '../../../lib/time-ranges';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminFilters } from '../hooks/use-admin-filters';
import { useAdminSessions } from '../hooks/use-admin-sessions';
import { useAdminStats } from '../hooks/use-admin-stats';
import { AdminInsights } from './admin-insights';
import { AdminStatCards } from './admin-stat-cards';
import { AdminEmptyState, AdminErrorState } from './admin-states';
import { AdminToolbar } from './admin-toolbar';
import { SessionPagination } from './session-pagination';
import { SessionTable } from './session-table';

/** Client-side search over the loaded page: URL, tracking ID or visitor (user) ID. */
export function matchesSearch(session: SessionListItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [session.page_url, session.tracking_id, session.visitor_id].some((v) => v?.toLowerCase().includes(needle));
}

/** /admin: recorded visitor sessions with statistics, filters and paging, refreshed every 30 s. */
export function SessionAdminScreen() {
  useDocumentTitle('Session Tracking Admin');
  const filters = useAdminFilters();
  const [search, setSearch] = useState('');
  const sessions = useAdminSessions({ page: filters.page, statusFilter: filters.status, timeRange: filters.range });
  const stats = useAdminStats(filters.range);
  const refresh = () => void Promise.all([sessions.refetch(), stats.refetch()]);
  const visible = sessions.data?.sessions.filter((s) => matchesSearch(s, search)) ?? [];

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Session Tracking Admin" />
      <AdminToolbar
        search={search}
        onSearch={setSearch}
        status={filters.status}
        onStatus={filters.setStatus}
        range={filters.range}
        onRange={filters.setRange}
        refreshing={sessions.isFetching || stats.isFetching}
        onRefresh={refresh}
      />
      {sessions.isError ? (
        <AdminErrorState
          message={getErrorMessage(sessions.error, 'Failed to load session data')}
          retrying={sessions.isFetching}
          onRetry={refresh}
        />
      ) : (
        <>
          <AdminStatCards stats={stats.data} />
          {stats.isError && (
            <Alert tone="error">
              Statistics could not be loaded: {getErrorMessage(stats.error, 'Failed to load session data')}
            </Alert>
          )}
          {stats.data && <AdminInsights stats={stats.data} />}
          <Panel>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Session History</h2>
            {sessions.isPending && <Spinner label="Loading sessions..." />}
            {sessions.data?.pagination.total_count === 0 && (
              <AdminEmptyState windowText={timeRangeWindow(filters.range)} filtered={filters.status !== 'all'} />
            )}
            {sessions.data && sessions.data.pagination.total_count > 0 && (
              <>
                {visible.length > 0 ? (
                  <SessionTable sessions={visible} />
                ) : (
                  <p className="py-6 text-center text-sm text-slate-600">
                    {sessions.data.sessions.length > 0
                      ? `No session on this page matches “${search.trim()}”.`
                      : 'This page has no sessions: go back to an earlier page.'}
                  </p>
                )}
                <SessionPagination pagination={sessions.data.pagination} onPage={filters.setPage} />
              </>
            )}
          </Panel>
        </>
      )}
    </div>
  );
}
