import type { MarketInsights, RecommendationList, RevenueSimulations, StrategyAction } from '@ri/contracts';
import { NO_VALUE } from '../../../lib/format';
import { formatFractionPercent, toFraction } from './fractions';
import { marketFigureValue } from './market-figures';
import { esc, figures, REPORT_CSS, table, list as textList } from './report-html';
import { ruleLabel } from './rule-labels';
import { formatInterval, simulationFigures } from './simulation-figures';
import {
  evidenceLabel,
  formatEvidenceValue,
  formatOutcomeValue,
  isRateOutcome,
  STATUS_LABELS,
  VERDICT_LABELS,
  words,
} from './strategy-format';
import type { StrategySummary } from './strategy-summary';

/** Everything the report shows: the screen's own data, nothing added. */
export type StrategyReportInput = {
  businessName: string | null;
  createdAt: Date;
  recommendations: RecommendationList;
  actions: readonly StrategyAction[];
  simulations: RevenueSimulations | null;
  market: MarketInsights | null;
  summary: StrategySummary;
};

const date = (iso: string) => new Date(iso).toLocaleDateString();
const dateTime = (iso: string) => new Date(iso).toLocaleString();

function windowText(list: RecommendationList): string {
  const w = list.window;
  return w ? `the last ${w.days} days (${w.from} to ${w.to})` : 'no analysis window yet (insights not generated)';
}

function summarySection({ summary }: StrategyReportInput): string {
  return `<h2>Summary</h2>${figures([
    ['Active Recommendations (high priority)', String(summary.highPriority)],
    ['Potential Revenue Lift (estimate)', formatFractionPercent(summary.liftSum)],
    ['Quick Wins Available', String(summary.quickWins)],
    ['Market Opportunities', String(summary.opportunities)],
  ])}<p class="note">Potential Revenue Lift adds up the recommendations' separate estimates of extra revenue as a share of the window's revenue; they may overlap, so read it as an upper estimate.</p>`;
}

function recommendationsSection({ recommendations: list }: StrategyReportInput): string {
  const cards = list.recommendations.map((r) => {
    const evidence = table(
      'Evidence',
      ['Metric', 'Value', 'Window', 'Sample size'],
      r.evidence.map((e) => [
        esc(evidenceLabel(e.metric)),
        esc(formatEvidenceValue(e)),
        esc(e.window),
        e.sample_size === null ? NO_VALUE : esc(e.sample_size.toLocaleString()),
      ]),
    );
    return `<div class="card"><h3>${esc(r.title)}</h3>
      <p><span class="badge">${esc(words(r.priority))} priority</span><span class="badge">${esc(words(r.category))}</span><span class="badge">${esc(words(r.status))}</span></p>
      <p>${esc(r.description)}</p>
      ${figures([
        ['Expected Lift', formatFractionPercent(toFraction(r.expected_revenue_lift))],
        ['Impact Score', formatFractionPercent(toFraction(r.impact_score))],
        ['Effort Required', formatFractionPercent(toFraction(r.effort_required))],
        ['Confidence', formatFractionPercent(toFraction(r.confidence))],
        ['Timeframe', r.timeframe],
      ])}
      ${textList('Action Steps', r.action_steps, true)}${textList('Success Metrics', r.success_metrics)}
      ${r.affected_segments.length > 0 ? `<p class="note">Segments: ${esc(r.affected_segments.join(', '))}</p>` : ''}
      ${evidence}
      <h4>How the lift was estimated</h4><p>${esc(r.lift_method)}</p>
      <p class="note">Rule: ${esc(ruleLabel(r.rule))} (${esc(r.rule)}) · Wording: ${r.wording === 'model' ? 'reworded by a language model, numbers checked' : 'engine'} · First found ${esc(date(r.first_generated_at))}</p>
    </div>`;
  });
  const none = list.recommendations.length === 0 ? '<p>No recommendation: no rule found something to act on.</p>' : '';
  const checked =
    list.checked.length > 0
      ? `<p class="note">Rules that ran: ${esc(list.checked.map(ruleLabel).join(', '))}.</p>`
      : '';
  const skipped = list.skipped.length
    ? table(
        'Rules that could not run',
        ['Rule', 'What is missing'],
        list.skipped.map((s) => [esc(ruleLabel(s.rule)), esc(s.reason)]),
      )
    : '';
  return `<h2>Strategic Recommendations (${list.recommendations.length})</h2>${none}${cards.join('')}${checked}${skipped}`;
}

function outcomeText(a: StrategyAction): string {
  const o = a.outcome;
  if (!o) return a.status === 'completed' ? 'Outcome: waiting to be measured.' : '';
  if (o.verdict === 'waiting' || o.before === null) return `Outcome (${VERDICT_LABELS[o.verdict]}): ${o.text}`;
  const rate = isRateOutcome(o);
  const interval = o.interval_95
    ? `, 95 % interval ${formatOutcomeValue(o.interval_95[0], rate, true)} to ${formatOutcomeValue(o.interval_95[1], rate, true)}`
    : '';
  return `Outcome (${VERDICT_LABELS[o.verdict]}): ${o.metric} ${formatOutcomeValue(o.before, rate)} → ${formatOutcomeValue(o.after, rate)} (${formatOutcomeValue(o.change, rate, true)}${interval}). ${o.text}`;
}

function actionsSection({ actions }: StrategyReportInput): string {
  const rows = actions.map((a) => {
    const last = a.history.at(-1);
    const changed = last ? `${STATUS_LABELS[last.status]} ${dateTime(last.at)}${last.by ? ` by ${last.by}` : ''}` : '';
    return [
      `<strong>${esc(a.title)}</strong><br>${esc(a.description)}`,
      esc(STATUS_LABELS[a.status]) + (changed ? `<br><span class="note">${esc(changed)}</span>` : ''),
      esc(`${a.effort_score}/10 · ${a.impact_score}/10 · ${a.leverage_ratio}x`),
      esc(a.expected_lift === null ? NO_VALUE : formatFractionPercent(a.expected_lift)),
      esc(a.implementation_time),
      esc(outcomeText(a)),
    ];
  });
  const body = rows.length
    ? table('Actions', ['Action', 'Status', 'Effort · Impact · Leverage', 'Expected lift', 'Time', 'Outcome'], rows)
    : '<p>No actions yet.</p>';
  return `<h2>Small Compounding Actions (${actions.length})</h2>${body}`;
}

function simulationsSection({ simulations }: StrategyReportInput): string {
  if (!simulations) return '<h2>Revenue Simulations</h2><p>Not loaded.</p>';
  if (simulations.reason) return `<h2>Revenue Simulations</h2><p>${esc(simulations.reason)}</p>`;
  const { currency } = simulations;
  const cards = simulations.simulations.map((s) => {
    const rows = simulationFigures(s, currency).map((f) => [
      esc(f.label),
      esc(f.current),
      esc(f.projected),
      esc(f.change),
      esc(f.missing ?? ''),
    ]);
    return `<div class="card"><h3>${esc(s.scenario_name)}</h3>
      ${figures([
        ['Projected month, 80 % interval', formatInterval(s.confidence_interval, currency)],
        ['No-change month, 80 % interval', formatInterval(s.current_interval, currency)],
        ['Timeframe', s.timeframe],
      ])}
      ${table('Current and projected', ['Figure', 'Current', 'Projected', 'Change', 'Note'], rows)}
      ${textList('Changes applied', s.changes_applied)}
      <p>${esc(s.rationale)}</p><p class="note">${esc(s.basis)}</p></div>`;
  });
  return `<h2>Revenue Simulations (${simulations.simulations.length})</h2>${cards.join('') || '<p>No scenario.</p>'}`;
}

function marketSection({ market }: StrategyReportInput): string {
  if (!market) return '<h2>Market Insights</h2><p>Not loaded.</p>';
  const { market_sentiment: sentiment, competitor_price_diff: diff } = market.market_intelligence;
  const figure = (label: string, value: string, source: string | null, reason: string | null) =>
    `<p><strong>${esc(label)}:</strong> ${esc(value)} <span class="note">${esc(source ?? reason ?? '')}</span></p>`;
  const cards = market.insights.map(
    (i) => `<div class="card"><h3>${esc(i.title)}</h3>
      <p><span class="badge">${esc(words(i.type))}</span><span class="badge">${esc(words(i.urgency))}</span><span class="badge">${esc(words(i.impact))} impact</span></p>
      <p>${esc(i.description)}</p>${textList('Recommended actions', i.recommended_actions)}
      <p class="note">Data source: ${esc(i.data_source)}</p></div>`,
  );
  const skipped = table(
    'Insights that could not be computed',
    ['Insight', 'What is missing'],
    market.skipped.map((s) => [esc(ruleLabel(s.rule)), esc(s.reason)]),
  );
  return `<h2>Market Insights (${market.insights.length})</h2>
    ${figure('Market sentiment (−100 to +100)', marketFigureValue('market_sentiment', sentiment.value), sentiment.source, sentiment.reason)}
    ${figure('Competitor price difference', marketFigureValue('competitor_price_diff', diff.value), diff.source, diff.reason)}
    ${cards.join('')}${skipped}`;
}

/**
 * The Export Strategy Report document: one self-contained HTML page (its own print stylesheet) with the
 * business, the date, the window, the summary, every recommendation with its evidence and lift method, the
 * actions with status and outcomes, the simulations with their intervals and the market insights with sources.
 */
export function buildStrategyReport(input: StrategyReportInput): string {
  const title = `Strategy report${input.businessName ? ` · ${input.businessName}` : ''}`;
  const generated = input.recommendations.generated_at
    ? ` · insights generated ${dateTime(input.recommendations.generated_at)}`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${REPORT_CSS}</style></head><body>
<header><h1>${esc(title)}</h1>
<p class="meta">Revenue Strategist · ${esc(input.createdAt.toLocaleDateString())} · Window: ${esc(windowText(input.recommendations))}${esc(generated)}</p></header>
${summarySection(input)}${recommendationsSection(input)}${actionsSection(input)}${simulationsSection(input)}${marketSection(input)}
</body></html>`;
}
