import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/panel';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PLACEHOLDER_SCREENS, type PlaceholderScreenId } from '../lib/screens';
import { PlaceholderPanel } from './placeholder-panel';

/** A screen not built yet: its title and what it will show, never a number that is not real. */
export function PlaceholderScreen({ screen }: { screen: PlaceholderScreenId }) {
  const { title, about } = PLACEHOLDER_SCREENS[screen];
  const params = useParams();
  const id = params.id ?? '';
  useDocumentTitle(title);

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title} />
      <PlaceholderPanel about={about.replace('{id}', id)} />
    </div>
  );
}
