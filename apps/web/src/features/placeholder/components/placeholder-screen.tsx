import { Construction } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader, Panel } from '../../../components/ui/panel';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PLACEHOLDER_SCREENS, type PlaceholderScreenId } from './screens';

/** A screen not built yet: its title and what it will show, never a number that is not real. */
export function PlaceholderScreen({ screen }: { screen: PlaceholderScreenId }) {
  const { title, about } = PLACEHOLDER_SCREENS[screen];
  const params = useParams();
  const id = params.id ?? params.sessionId ?? '';
  useDocumentTitle(title);

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title} />
      <Panel className="flex gap-4">
        <Construction aria-hidden="true" className="size-6 shrink-0 text-indigo-500" />
        <div className="space-y-1 text-sm text-slate-700">
          <p className="font-medium text-slate-900">This screen is not built yet.</p>
          <p>{about.replace('{id}', id)}</p>
        </div>
      </Panel>
    </div>
  );
}
