import type { ChannelInsight } from '@ri/contracts';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { formatCount } from '../../../lib/format';
import { formatConversions, formatMoney, formatRoas } from '../lib/ad-format';
import { toUnitScore } from '../lib/ad-levels';
import { Figure, reasonFor } from './figures';
import { Bar } from './meters';

function TrendBadge({ channel, days }: { channel: ChannelInsight; days: number }) {
  const up = channel.trend === 'up';
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  const pct = channel.trend_pct === null ? '' : ` ${Math.abs(channel.trend_pct).toFixed(1)}%`;
  return (
    <span
      className={`inline-flex items-center gap-0.5 text-xs font-medium ${up ? 'text-emerald-700' : 'text-red-700'}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {up ? 'Up' : 'Down'}
      {pct} <span className="font-normal text-slate-500">vs the previous {days} days</span>
    </span>
  );
}

function ChannelCard({ channel, days }: { channel: ChannelInsight; days: number }) {
  const money = (value: number) => formatMoney(value, channel.currency);
  const score = channel.opportunity_score === null ? null : toUnitScore(channel.opportunity_score);
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{channel.label}</h3>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {channel.paid ? 'Paid' : 'Unpaid'}
        </span>
      </div>
      <TrendBadge channel={channel} days={days} />
      <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-slate-500">Spend</dt>
          <dd className="text-sm font-medium text-slate-900">
            {channel.paid ? (
              <Figure value={channel.total_spend} format={money} reason={reasonFor(channel.reasons, 'total_spend')} />
            ) : (
              'No spend'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Conversions</dt>
          <dd className="text-sm font-medium text-slate-900 tabular-nums">
            {formatConversions(channel.total_conversions)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">ROAS</dt>
          <dd className="text-sm font-medium text-slate-900">
            <Figure value={channel.avg_roas} format={formatRoas} reason={reasonFor(channel.reasons, 'avg_roas')} />
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-slate-500">
        {formatCount(channel.sessions)} sessions · {money(channel.total_revenue)} revenue
      </p>
      <div className="mt-3">
        <p className="text-xs text-slate-500">Opportunity score</p>
        {score === null ? (
          <Figure value={null} format={String} reason={reasonFor(channel.reasons, 'opportunity_score')} />
        ) : (
          <Bar
            percent={score * 100}
            label={`${channel.label} opportunity score`}
            valueText={`${Math.round(score * 100)} of 100`}
            tone="bg-emerald-500"
          >
            {Math.round(score * 100)} / 100
          </Bar>
        )}
      </div>
      <p className="mt-3 text-sm text-slate-700">{channel.recommendation}</p>
    </li>
  );
}

/** Channel Performance Insights: one card per ad platform and per traffic source we observe. */
export function ChannelInsights({ channels, days }: { channels: readonly ChannelInsight[]; days: number }) {
  return (
    <ul aria-label="Channels" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {channels.map((channel) => (
        <ChannelCard key={channel.platform} channel={channel} days={days} />
      ))}
    </ul>
  );
}
