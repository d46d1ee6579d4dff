import type { RevenueSimulation, RevenueSimulations, RunSimulationBody } from '@ri/contracts';
import {
  type DailyRevenue,
  fitRevenueModel,
  proposeScenarios,
  type RevenueModel,
  type RevenueScenario,
  SimulationHistoryError,
  simulateRevenue,
} from '@ri/engine';
import { AppError } from '../../lib/errors.js';
import { type StrategySources, shiftDay } from './snapshot.service.js';

// Revenue simulations: a Monte Carlo model fitted to the business's own daily history (sessions where the site is
// tracked, orders and net revenue from the payment account; docs/simulation.md), projected 30 days for each scenario
// with an 80 % interval. Scenarios come from the data (each driver back to its own best 4 weeks); Run This
// Simulation takes the person's own changes.

const HORIZON_DAYS = 30;
const DRAWS = 2_000;
/** One seed per business and day: the same request answers the same figures all day. */
const seedOf = (businessId: string) => {
  let h = 2166136261;
  for (const c of `${businessId}:${new Date().toISOString().slice(0, 10)}`)
    h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
};

type Fitted = { model: RevenueModel; history: DailyRevenue[]; currency: string | null };

async function fit(ctx: StrategySources, businessId: string): Promise<Fitted | { reason: string }> {
  const money = await ctx.moneyHistory(businessId);
  if (!money.connected) return { reason: 'Connect Stripe: simulations are fitted to your daily orders and revenue.' };
  if (money.days.length === 0) return { reason: 'No payments synced from Stripe yet.' };
  const today = new Date().toISOString().slice(0, 10);
  const first = money.days[0]!.date;
  const sessions = await ctx.sessionHistory(businessId, first, today);
  const byDay = new Map(money.days.map((d) => [d.date, d]));
  const sessionsByDay = new Map(sessions.map((d) => [d.date, d.sessions]));
  // Sessions count from the first tracked day: before it the site was not tracked, not empty. With too short a
  // tracked history the model works on orders over the whole payment history instead.
  const firstTracked = sessions.find((d) => d.sessions > 0)?.date ?? null;
  const historyOf = (from: string, withSessions: boolean): DailyRevenue[] => {
    const out: DailyRevenue[] = [];
    for (let day = from; day < today; day = shiftDay(day, 1)) {
      const m = byDay.get(day);
      out.push({
        date: day,
        sessions: withSessions ? (sessionsByDay.get(day) ?? 0) : null,
        orders: m?.orders ?? 0,
        revenue: Math.max(0, m?.net ?? 0),
      });
    }
    return out;
  };
  const attempts = [
    ...(firstTracked ? [historyOf(firstTracked > first ? firstTracked : first, true)] : []),
    historyOf(first, false),
  ];
  let lastError: SimulationHistoryError | null = null;
  for (const history of attempts) {
    try {
      return { model: fitRevenueModel(history), history, currency: money.currency };
    } catch (error) {
      if (!(error instanceof SimulationHistoryError)) throw error;
      lastError = error;
    }
  }
  return { reason: lastError!.message };
}

function simulationOf(
  fitted: Fitted,
  businessId: string,
  scenario: { id: string; name: string; changes: RevenueScenario; rationale: string },
): RevenueSimulation {
  const sim = simulateRevenue(fitted.model, scenario.changes, {
    days: HORIZON_DAYS,
    draws: DRAWS,
    seed: seedOf(businessId),
  });
  const metrics = (f: typeof sim.current) => ({
    monthly_revenue: f.monthly_revenue,
    conversion_rate: f.conversion_rate,
    average_order_value: f.average_order_value,
    traffic: f.traffic,
  });
  return {
    id: scenario.id,
    scenario_name: scenario.name,
    confidence_interval: sim.projected.interval,
    current_metrics: metrics(sim.current),
    projected_metrics: metrics(sim.projected),
    current_interval: sim.current.interval,
    changes: {
      traffic: scenario.changes.traffic ?? 0,
      conversion_rate: scenario.changes.conversionRate ?? 0,
      order_value: scenario.changes.orderValue ?? 0,
    },
    changes_applied: sim.changes_applied.length > 0 ? sim.changes_applied : ['No change'],
    timeframe: `Next ${HORIZON_DAYS} days`,
    rationale: scenario.rationale,
    basis:
      `Fitted on ${fitted.model.from} to ${fitted.model.to} (${fitted.model.basis === 'sessions' ? 'sessions, orders and revenue' : 'orders and revenue; no tracked sessions'}). ${sim.notes.join(' ')}`.trim(),
  };
}

export async function getSimulations(ctx: StrategySources, businessId: string): Promise<RevenueSimulations> {
  const fitted = await fit(ctx, businessId);
  if ('reason' in fitted) return { simulations: [], currency: null, reason: fitted.reason };
  const proposals = proposeScenarios(fitted.history, fitted.model);
  const scenarios = [
    {
      id: 'baseline',
      name: 'No change',
      changes: {},
      rationale: 'Where the next 30 days lead if nothing changes: the interval every scenario is read against.',
    },
    ...proposals.map((p) => ({ id: p.id, name: p.title, changes: p.changes, rationale: p.because })),
  ];
  return {
    simulations: scenarios.map((s) => simulationOf(fitted, businessId, s)),
    currency: fitted.currency,
    reason: null,
  };
}

export async function runSimulation(
  ctx: StrategySources,
  businessId: string,
  body: RunSimulationBody,
): Promise<RevenueSimulation> {
  const fitted = await fit(ctx, businessId);
  if ('reason' in fitted) throw new AppError('conflict', fitted.reason);
  const changes: RevenueScenario = {
    traffic: body.changes.traffic,
    conversionRate: body.changes.conversion_rate,
    orderValue: body.changes.order_value,
  };
  return simulationOf(fitted, businessId, {
    id: 'custom',
    name: body.scenario_name ?? 'Your scenario',
    changes,
    rationale: 'The changes you entered.',
  });
}
