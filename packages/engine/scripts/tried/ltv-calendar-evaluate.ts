/**
 * Evaluates the Pareto/NBD with calendar-month effects (packages/engine/src/ltv/pareto-nbd-calendar.ts) on CDNOW
 * next to the Pareto/NBD and the BG/NBD baseline: the usual/early/late/short splits of eval:ltv and the sweep over
 * the 13 month-ends 1997-03-31 … 1998-03-31 (holdout to 1998-06-30).
 *
 * Calendar variants, all fitted by maximum likelihood on the calibration period only:
 *   cal-months     month effects only
 *   cal-honeymoon  month effects and the honeymoon 1 + c·e^(−age/τ)
 *   cal-bic        whichever of the two has the lower BIC on the calibration data (the model proposed)
 * Unseen months (every holdout month) get effect 0 = the exposure-weighted mean of the calibration months' effects,
 * a rule fixed before any holdout figure was computed.
 *
 *   npx tsx packages/engine/scripts/tried/ltv-calendar-evaluate.ts [--reuse]   (about 40 minutes on 2 cores)
 *
 * --reuse reads the fits cached in $LTV_CALENDAR_CACHE (default: ltv-calendar-fits.json in the system's temporary
 * folder) by an earlier run (fit times included).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BgNbdParams,
  bgNbdExpectedPurchases,
  dayToIsoDate,
  type ForecastAccuracy,
  fitBgNbd,
  fitParetoNbd,
  forecastAccuracy,
  groupTransactions,
  isoDateToDay,
  type ParetoNbdParams,
  paretoNbdExpectedPurchases,
  parseCdnowMaster,
  summarizeCustomers,
  summarizeHoldout,
} from '../../src/ltv/index.js';
import {
  type CalendarCustomer,
  fitParetoNbdCalendar,
  type ParetoNbdCalendarParams,
  paretoNbdCalendarExpectedPurchases,
  prepareCalendarData,
  summarizeCalendarCustomers,
} from '../../src/ltv/pareto-nbd-calendar.js';

const DATA = '/work/shared/data/cdnow/CDNOW_master.txt';
const CACHE = process.env.LTV_CALENDAR_CACHE ?? path.join(tmpdir(), 'ltv-calendar-fits.json');
const purchases = parseCdnowMaster(readFileSync(DATA, 'utf8'));
const reuse = process.argv.includes('--reuse') && existsSync(CACHE);

const SPLITS = [
  { name: 'usual', calibrationEnd: '1997-09-30', horizonDays: 273 },
  { name: 'early', calibrationEnd: '1997-06-30', horizonDays: 365 },
  { name: 'late', calibrationEnd: '1997-12-31', horizonDays: 181 },
  { name: 'short', calibrationEnd: '1997-04-30', horizonDays: 426 },
];
const DATA_END = isoDateToDay('1998-06-30')!;
const MONTH_ENDS = Array.from({ length: 13 }, (_, i) => Date.UTC(1997, 3 + i, 1) / 86_400_000 - 1);

type CalFit = {
  params: ParetoNbdCalendarParams;
  ll: number;
  bic: number;
  k: number;
  seconds: number;
  evals: number;
  converged?: boolean;
};
type Fitted = {
  bg: { params: BgNbdParams; ll: number; seconds: number };
  pnbd: { params: ParetoNbdParams; ll: number; seconds: number };
  months: CalFit;
  honeymoon: CalFit;
  /** Added after the first run: the early-death factor on the death rate, warm-started from months / honeymoon. */
  monthsEarly?: CalFit;
  honeymoonEarly?: CalFit;
};
const cache: Record<string, Fitted> = reuse ? JSON.parse(readFileSync(CACHE, 'utf8')) : {};

const timed = <T>(f: () => T): [T, number] => {
  const started = performance.now();
  const value = f();
  return [value, (performance.now() - started) / 1000];
};

const calFit = (fit: ReturnType<typeof fitParetoNbdCalendar>, seconds: number): CalFit => ({
  params: fit.params,
  ll: fit.logLikelihood,
  bic: fit.bic,
  k: fit.parameters,
  seconds,
  evals: fit.evaluations,
  converged: fit.converged,
});

function fitsAt(end: number): Fitted {
  const key = dayToIsoDate(end);
  const cached = cache[key];
  if (cached) {
    if (!cached.monthsEarly || !cached.honeymoonEarly) {
      const data = prepareCalendarData(summarizeCalendarCustomers(purchases, end));
      const [me, meSeconds] = timed(() =>
        fitParetoNbdCalendar(data, { earlyDeath: true, start: cached.months.params }),
      );
      const [he, heSeconds] = timed(() =>
        fitParetoNbdCalendar(data, { honeymoon: true, earlyDeath: true, start: cached.honeymoon.params }),
      );
      cached.monthsEarly = calFit(me, meSeconds);
      cached.honeymoonEarly = calFit(he, heSeconds);
      writeFileSync(CACHE, JSON.stringify(cache, null, 1));
    }
    return cached;
  }
  const customers = summarizeCustomers(purchases, end);
  const data = prepareCalendarData(summarizeCalendarCustomers(purchases, end));
  const [bg, bgSeconds] = timed(() => fitBgNbd(customers));
  const [pnbd, pnbdSeconds] = timed(() => fitParetoNbd(customers));
  const [months, monthsSeconds] = timed(() => fitParetoNbdCalendar(data));
  const [honeymoon, honeymoonSeconds] = timed(() => fitParetoNbdCalendar(data, { honeymoon: true }));
  const fitted: Fitted = {
    bg: { params: bg.params, ll: bg.logLikelihood, seconds: bgSeconds },
    pnbd: { params: pnbd.params, ll: pnbd.logLikelihood, seconds: pnbdSeconds },
    months: {
      params: months.params,
      ll: months.logLikelihood,
      bic: months.bic,
      k: months.parameters,
      seconds: monthsSeconds,
      evals: months.evaluations,
    },
    honeymoon: {
      params: honeymoon.params,
      ll: honeymoon.logLikelihood,
      bic: honeymoon.bic,
      k: honeymoon.parameters,
      seconds: honeymoonSeconds,
      evals: honeymoon.evaluations,
    },
  };
  cache[key] = fitted;
  return fitsAt(end);
}

const MODELS = [
  'bg-nbd',
  'pareto-nbd',
  'cal-months',
  'cal-honeymoon',
  'cal-bic',
  'cal-m+early',
  'cal-h+early',
  'cal-bic4',
] as const;
type Model = (typeof MODELS)[number];

/** Per-customer forecasts of every model over the horizon after `end`, plus the actual holdout counts. */
function evaluateAt(end: number, horizon: number) {
  const fitted = fitsAt(end);
  const customers = summarizeCalendarCustomers(purchases, end);
  const holdout = summarizeHoldout(purchases, end, horizon);
  const actual = customers.map((c) => holdout.get(c.customerId)?.transactions ?? 0);
  const chosen = fitted.honeymoon.bic < fitted.months.bic ? fitted.honeymoon : fitted.months;
  const variants: [string, CalFit][] = [
    ['months', fitted.months],
    ['honeymoon', fitted.honeymoon],
    ['m+early', fitted.monthsEarly!],
    ['h+early', fitted.honeymoonEarly!],
  ];
  const chosen4 = variants.reduce((best, v) => (v[1].bic < best[1].bic ? v : best));
  const forecast = (model: Model, c: CalendarCustomer, h: number): number => {
    switch (model) {
      case 'bg-nbd':
        return bgNbdExpectedPurchases(fitted.bg.params, c, h);
      case 'pareto-nbd':
        return paretoNbdExpectedPurchases(fitted.pnbd.params, c, h);
      case 'cal-months':
        return paretoNbdCalendarExpectedPurchases(fitted.months.params, c, h);
      case 'cal-honeymoon':
        return paretoNbdCalendarExpectedPurchases(fitted.honeymoon.params, c, h);
      case 'cal-bic':
        return paretoNbdCalendarExpectedPurchases(chosen.params, c, h);
      case 'cal-m+early':
        return paretoNbdCalendarExpectedPurchases(fitted.monthsEarly!.params, c, h);
      case 'cal-h+early':
        return paretoNbdCalendarExpectedPurchases(fitted.honeymoonEarly!.params, c, h);
      case 'cal-bic4':
        return paretoNbdCalendarExpectedPurchases(chosen4[1].params, c, h);
    }
  };
  const predictions = new Map<Model, number[]>(MODELS.map((m) => [m, customers.map((c) => forecast(m, c, horizon))]));
  const scores = new Map<Model, ForecastAccuracy>(
    MODELS.map((m) => [m, forecastAccuracy(predictions.get(m)!, actual)]),
  );
  return {
    fitted,
    customers,
    actual,
    predictions,
    scores,
    forecast,
    chosen: chosen === fitted.honeymoon ? 'honeymoon' : 'months',
    chosen4: chosen4[0],
  };
}

const signed = (x: number | null) => (x === null ? 'n/a' : `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`);
const median = (values: readonly number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (v: number) => v.toPrecision(4);
const describeCalendar = (p: ParetoNbdCalendarParams) =>
  `r=${fmt(p.r)} alpha=${fmt(p.alpha)} s=${fmt(p.s)} beta=${fmt(p.beta)}` +
  (p.honeymoon !== 0 ? ` c=${fmt(p.honeymoon)} tau=${fmt(p.honeymoonDays)}d` : '') +
  (p.earlyDeath !== undefined ? ` d=${fmt(p.earlyDeath)} tau_d=${fmt(p.earlyDeathDays!)}d` : '') +
  `\n      months: ${Object.entries(p.monthEffects)
    .map(([m, g]) => `${m.slice(2)} ${g >= 0 ? '+' : ''}${g.toFixed(3)}`)
    .join('  ')}`;

console.log(
  'CDNOW: Pareto/NBD with calendar-month effects (Bachmann, Meierer & Näf 2021) against Pareto/NBD and BG/NBD.',
);
console.log(
  'Unseen (holdout) months: effect 0 = exposure-weighted mean of the calibration months. Everything fitted on calibration only.',
);

for (const split of SPLITS) {
  const end = isoDateToDay(split.calibrationEnd)!;
  const e = evaluateAt(end, split.horizonDays);
  console.log(
    `\n## ${split.name}: calibration to ${split.calibrationEnd}, holdout ${split.horizonDays} days (to ${dayToIsoDate(end + split.horizonDays)}), ` +
      `${e.customers.length} customers, median history ${median(e.customers.map((c) => c.age))} days`,
  );
  console.log(
    `${'model'.padEnd(15)} ${'predicted'.padStart(9)} ${'actual'.padStart(7)} ${'error'.padStart(7)} ${'MAE'.padStart(7)} ${'RMSE'.padStart(7)}   corr  MAE<bg`,
  );
  const base = e.scores.get('bg-nbd')!;
  for (const m of MODELS) {
    const a = e.scores.get(m)!;
    console.log(
      `${m.padEnd(15)} ${a.predictedTotal.toFixed(0).padStart(9)} ${a.actualTotal.toFixed(0).padStart(7)} ${signed(a.percentError).padStart(7)} ` +
        `${a.meanAbsoluteError.toFixed(4).padStart(7)} ${a.rootMeanSquaredError.toFixed(4).padStart(7)}  ${a.correlation!.toFixed(3)}  ${
          m === 'bg-nbd' ? '  —' : a.meanAbsoluteError < base.meanAbsoluteError ? '  yes' : '  no'
        }`,
    );
  }
  const f = e.fitted;
  console.log(
    `  bg-nbd: r=${fmt(f.bg.params.r)} alpha=${fmt(f.bg.params.alpha)} a=${fmt(f.bg.params.a)} b=${fmt(f.bg.params.b)}; LL ${f.bg.ll.toFixed(1)}; ${f.bg.seconds.toFixed(1)} s`,
  );
  console.log(
    `  pareto-nbd: r=${fmt(f.pnbd.params.r)} alpha=${fmt(f.pnbd.params.alpha)} s=${fmt(f.pnbd.params.s)} beta=${fmt(f.pnbd.params.beta)}; LL ${f.pnbd.ll.toFixed(1)}; ${f.pnbd.seconds.toFixed(1)} s`,
  );
  for (const [name, v] of [
    ['cal-months', f.months],
    ['cal-honeymoon', f.honeymoon],
    ['cal-m+early', f.monthsEarly!],
    ['cal-h+early', f.honeymoonEarly!],
  ] as const) {
    console.log(
      `  ${name}: LL ${v.ll.toFixed(1)} (${(v.ll - f.pnbd.ll >= 0 ? '+' : '') + (v.ll - f.pnbd.ll).toFixed(1)} vs pareto-nbd), ${v.k} params, BIC ${v.bic.toFixed(1)}; ` +
        `${v.seconds.toFixed(1)} s, ${v.evals} evaluations${v.converged === false ? ' (not converged)' : ''}\n      ${describeCalendar(v.params)}`,
    );
  }
  console.log(`  cal-bic (months vs honeymoon) chose: ${e.chosen}; cal-bic4 (all four) chose: ${e.chosen4}`);
  if (split.name === 'usual') {
    console.log('\n  usual split by group: mean forecast / MAE (actual mean)');
    for (const [label, test] of [
      ['x = 0', (x: number) => x === 0],
      ['x ≥ 1', (x: number) => x > 0],
    ] as const) {
      const idx = e.customers.map((c, i) => (test(c.frequency) ? i : -1)).filter((i) => i >= 0);
      const act = idx.map((i) => e.actual[i]!);
      const cells = MODELS.map((m) => {
        const a = forecastAccuracy(
          idx.map((i) => e.predictions.get(m)![i]!),
          act,
        );
        return `${m} ${(a.predictedTotal / idx.length).toFixed(3)}/${a.meanAbsoluteError.toFixed(4)}`;
      });
      console.log(
        `  ${label} (${idx.length}, actual ${(act.reduce((s, v) => s + v, 0) / idx.length).toFixed(3)}): ${cells.join('  ')}`,
      );
    }
    console.log('\n  usual split month by month: repeat transactions made and forecast');
    const monthStarts: number[] = [];
    for (let i = 0; i < 10; i++) monthStarts.push(Date.UTC(1997, 9 + i, 1) / 86_400_000 - 1);
    const made = new Array<number>(9).fill(0);
    for (const [, transactions] of groupTransactions(purchases)) {
      for (let k = 1; k < transactions.length; k++) {
        const d = transactions[k]!.day;
        for (let mth = 0; mth < 9; mth++) if (d > monthStarts[mth]! && d <= monthStarts[mth + 1]!) made[mth]!++;
      }
    }
    const cum = (m: Model, h: number) => e.customers.reduce((s, c) => s + e.forecast(m, c, h), 0);
    const byModel = MODELS.map((m) => {
      const c = monthStarts.map((d) => cum(m, d - end));
      return c.slice(1).map((v, i) => v - c[i]!);
    });
    console.log(`  ${'month'.padEnd(8)} ${'made'.padStart(6)} ${MODELS.map((m) => m.padStart(13)).join(' ')}`);
    for (let mth = 0; mth < 9; mth++) {
      console.log(
        `  ${dayToIsoDate(monthStarts[mth]! + 1)
          .slice(0, 7)
          .padEnd(8)} ${String(made[mth]).padStart(6)} ${byModel
          .map((v) => v[mth]!.toFixed(0).padStart(13))
          .join(' ')}`,
      );
    }
  }
}

console.log('\n## Sweep: every month-end as the calibration end, holdout to 1998-06-30 (repeat purchases): error  MAE');
console.log(
  `${'calibration'.padEnd(11)} ${'horizon'.padStart(7)} ${MODELS.map((m) => m.padStart(16)).join(' ')}  bic / bic4 choice`,
);
const fitRows: string[] = [];
const within = new Map<Model, number>(MODELS.map((m) => [m, 0]));
const below = new Map<Model, number>(MODELS.map((m) => [m, 0]));
const both = new Map<Model, number>(MODELS.map((m) => [m, 0]));
for (const end of MONTH_ENDS) {
  const horizon = DATA_END - end;
  const e = evaluateAt(end, horizon);
  const base = e.scores.get('bg-nbd')!;
  for (const m of MODELS) {
    const a = e.scores.get(m)!;
    const ok = Math.abs(a.percentError!) <= 5;
    const better = a.meanAbsoluteError < base.meanAbsoluteError;
    if (ok) within.set(m, within.get(m)! + 1);
    if (better) below.set(m, below.get(m)! + 1);
    if (ok && better) both.set(m, both.get(m)! + 1);
  }
  const f = e.fitted;
  console.log(
    `${dayToIsoDate(end).padEnd(11)} ${`${horizon} d`.padStart(7)} ${MODELS.map((m) => {
      const a = e.scores.get(m)!;
      return `${signed(a.percentError).padStart(7)} ${a.meanAbsoluteError.toFixed(4)}`.padStart(16);
    }).join(' ')}  ${e.chosen} / ${e.chosen4}`,
  );
  fitRows.push(
    `${dayToIsoDate(end).padEnd(11)} ${(f.months.ll - f.pnbd.ll).toFixed(1).padStart(8)} ${(f.honeymoon.ll - f.months.ll).toFixed(1).padStart(8)} ` +
      `${(f.monthsEarly!.ll - f.months.ll).toFixed(1).padStart(8)} ${(f.honeymoonEarly!.ll - f.honeymoon.ll).toFixed(1).padStart(8)}   ` +
      `${[
        f.bg.seconds,
        f.pnbd.seconds,
        f.months.seconds,
        f.honeymoon.seconds,
        f.monthsEarly!.seconds,
        f.honeymoonEarly!.seconds,
      ]
        .map((x) => x.toFixed(1).padStart(6))
        .join(' ')}   ${f.honeymoon.params.honeymoon.toFixed(3)}/${f.honeymoon.params.honeymoonDays.toFixed(1)}d  ` +
      `${f.honeymoonEarly!.params.earlyDeath!.toFixed(3)}/${f.honeymoonEarly!.params.earlyDeathDays!.toFixed(1)}d`,
  );
}
console.log('\n## Sweep totals over 13 calibration ends');
for (const m of MODELS) {
  console.log(
    `${m.padEnd(15)} error within ±5 %: ${String(within.get(m)).padStart(2)}` +
      (m === 'bg-nbd'
        ? ''
        : `   MAE below bg-nbd's: ${String(below.get(m)).padStart(2)}   both: ${String(both.get(m)).padStart(2)}`),
  );
}

console.log(
  '\n## Sweep: calibration log-likelihood gains ΔLL over the simpler variant (BIC prefers 2 more parameters when ΔLL > ln(23570) ≈ 10.1) and fit times (s)',
);
console.log(
  `${'calibration'.padEnd(11)} ${'months'.padStart(8)} ${'+hm'.padStart(8)} ${'m→+early'.padStart(8)} ${'h→+early'.padStart(8)}   ${['bg', 'pnbd', 'months', 'hm', 'm+e', 'h+e'].map((x) => x.padStart(6)).join(' ')}   c/τ (hm)  d/τ_d (h+early)`,
);
for (const row of fitRows) console.log(row);
