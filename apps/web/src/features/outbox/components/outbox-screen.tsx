import type { OutboxList } from '@ri/contracts';
import { Inbox, RefreshCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader, Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOutbox } from '../hooks/use-outbox';
import { splitLinks } from '../lib/linkify';

type OutboxMessage = OutboxList['messages'][number];

function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-700">
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are derived from immutable text in order
          <a key={index} href={part.href} className="break-all text-indigo-600 underline hover:text-indigo-800">
            {part.href}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

function MessageCard({ message }: { message: OutboxMessage }) {
  return (
    <Panel>
      <article>
        <h2 className="text-base font-semibold text-slate-900">{message.subject}</h2>
        <dl className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-500">
          <div className="flex gap-1">
            <dt>To</dt>
            <dd className="text-slate-700">{message.to}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Sent</dt>
            <dd>
              <time dateTime={message.created_at}>{new Date(message.created_at).toLocaleString()}</time>
            </dd>
          </div>
        </dl>
        <div className="mt-3 border-t border-slate-100 pt-3">
          <MessageText text={message.text} />
        </div>
      </article>
    </Panel>
  );
}

/** The mail the server kept for the signed-in person because no SMTP server is configured. */
export function OutboxScreen() {
  useDocumentTitle('Mail outbox');
  const { data, isPending, isError, error, refetch, isFetching } = useOutbox();

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Mail outbox">
        <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
          {!isFetching && <RefreshCw aria-hidden="true" className="size-4" />}
          Refresh
        </Button>
      </PageHeader>
      {isPending && <Spinner label="Loading messages..." />}
      {isError && <Alert tone="error">{error.message}</Alert>}
      {data?.mode === 'smtp' && (
        <Alert tone="info">
          This server sends mail through its SMTP server, so messages go to your real inbox and none are kept here.
        </Alert>
      )}
      {data?.mode === 'outbox' && data.messages.length === 0 && (
        <Panel className="text-center">
          <Inbox aria-hidden="true" className="mx-auto size-8 text-slate-400" />
          <p className="mt-2 text-sm text-slate-600">
            No mail yet. E-mails the server sends to you (confirmations, password resets) appear here while no SMTP
            server is configured.
          </p>
        </Panel>
      )}
      {data && data.messages.length > 0 && (
        <ul className="space-y-4">
          {data.messages.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
