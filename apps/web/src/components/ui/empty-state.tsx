import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Panel } from './panel';

type Props = {
  icon: LucideIcon;
  title: string;
  /** Why there is nothing to show and what would change that. */
  children: ReactNode;
  /** What to do about it, e.g. a link to the setup screen. */
  action?: ReactNode;
  /**
   * A panel of its own with a level-2 heading, where the empty state stands in for a whole screen;
   * otherwise it sits inside a panel that already has one, under a level-3 heading.
   */
  framed?: boolean;
  /** Less space above and below, for a section within a longer panel. */
  compact?: boolean;
};

/** What a screen or section shows when it has nothing to list: an icon, a heading, the reason, an action. */
export function EmptyState({ icon: Icon, title, children, action, framed = false, compact = false }: Props) {
  const Heading = framed ? 'h2' : 'h3';
  const content = (
    <>
      <Icon aria-hidden="true" className="mx-auto size-8 text-slate-400" />
      <Heading className="mt-2 text-base font-semibold text-slate-900">{title}</Heading>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </>
  );
  if (framed) return <Panel className="text-center">{content}</Panel>;
  return <div className={`${compact ? 'py-6' : 'py-8'} text-center`}>{content}</div>;
}
