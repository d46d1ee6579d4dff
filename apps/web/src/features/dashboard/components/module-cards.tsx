import { Activity, BarChart3, Globe, type LucideIcon, Megaphone, MessageSquareText, Users } from 'lucide-react';
import { useId } from 'react';
import { type ModuleCard, type ModuleKey, trendText } from '../lib/module-cards';
import { NotKnown } from './not-known';
import { Section } from './section';

const icons: Record<ModuleKey, LucideIcon> = {
  metric: BarChart3,
  customer: Users,
  copy: MessageSquareText,
  ad: Megaphone,
  behavior: Activity,
  market: Globe,
};

function ModuleCardView({ card }: { card: ModuleCard }) {
  const titleId = useId();
  const Icon = icons[card.key];
  const arrowTone =
    card.trend.percentage === null || card.trend.direction === 'neutral' ? 'text-slate-500' : 'text-slate-800';
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          {card.title}
        </h3>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-500" />
      </div>
      <p className="mt-2 text-xs text-slate-500">{card.label}</p>
      <div className="mt-0.5">
        {card.value === null ? (
          <NotKnown large reason={card.reason} />
        ) : (
          <p className="text-2xl font-semibold text-slate-900 tabular-nums">{card.value}</p>
        )}
      </div>
      <p className={`mt-2 text-xs ${arrowTone}`}>
        <span className="font-medium">{trendText(card.trend)}</span>{' '}
        <span className="text-slate-500">
          · {card.trendSubject}, {card.trend.period}
        </span>
      </p>
      {card.source && (
        <p title={card.source} className="mt-auto line-clamp-2 pt-2 text-[11px] text-slate-400">
          Source: {card.source}
        </p>
      )}
    </article>
  );
}

/** The six module cards (spec 2.4): each module's figure with its trend and the data it comes from. */
export function ModuleCards({ cards }: { cards: ModuleCard[] }) {
  return (
    <Section
      title="Intelligence Modules"
      hint="Each figure names the data it comes from; the trend compares it with the window before."
    >
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <ModuleCardView key={card.key} card={card} />
        ))}
      </div>
    </Section>
  );
}
