// Sales forecast backtest (issue 35): rolling-origin backtests of the weekly forecast
// (apps/api/src/modules/insight/forecast-model.ts) against seasonal-naive (every coming week repeats
// the last one), on generated stores with trend, weekly and yearly seasonality, campaign spikes,
// small noisy stores and stores that stop selling; or on one daily series read from a CSV file.
// Reports the MASE relative to seasonal-naive (the model's mean absolute error over the seasonal-naive
// one, per store, geometric mean over stores; and pooled) and the share of weeks inside the 80 %
// interval. Target: relative MASE ≤ 0.9 and coverage 75–85 %. Exits 1 when a target is missed.
// Usage: npm run bench:forecast [-- series.csv]   CSV: one row per day, `YYYY-MM-DD,amount`
// (a header row and further columns are ignored; amounts of one day are added up).
// Knobs: BENCH_FORECAST_STORES (generated stores, default 120), BENCH_FORECAST_SEED (default 35).
import { readFileSync } from 'node:fs';
import { addDays, dayNumber, isCalendarDay } from '@worq/domain/calendar';
import {
  forecastHorizonWeeks,
  intervalCoverage,
  meanAbsoluteError,
  seasonalNaiveForecast,
  weeklyTotals,
} from '@worq/domain/sales-forecast';
import { forecastWeekly } from '../../apps/api/src/modules/insight/forecast-model.ts';

interface Series {
  name: string;
  kind: string;
  daily: number[];
}

const horizon = forecastHorizonWeeks;
const horizonDays = horizon * 7;
/** The first origin has this many days of history; origins follow every `originStep` days. */
const firstOrigin = 8 * 7;
const originStep = 28;

/* ---------- Generated stores ---------- */

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function normal(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

const kinds = ['steady', 'growing', 'shrinking', 'seasonal', 'campaigns', 'small', 'stops'] as const;

function generatedStore(index: number, seed: number): Series {
  const next = random(seed * 7919 + index);
  const kind = kinds[index % kinds.length]!;
  const days = 365 + horizonDays;
  const base = (kind === 'small' ? 300 + next() * 1_500 : 5_000 + next() * 60_000) * 100;
  const growth = kind === 'growing' ? 0.4 + next() * 1.2 : kind === 'shrinking' ? -(0.2 + next() * 0.4) : (next() - 0.5) * 0.3;
  const weekly = Array.from({ length: 7 }, () => 1 + (next() - 0.5) * 0.5);
  const yearlyAmplitude = kind === 'seasonal' ? 0.3 + next() * 0.3 : next() * 0.15;
  const yearlyPhase = next() * 2 * Math.PI;
  const noise = kind === 'small' ? 0.6 : 0.15 + next() * 0.2;
  const spikes = new Set<number>();
  if (kind === 'campaigns' || next() < 0.3) {
    for (let count = 0; count < 4 + Math.floor(next() * 6); count++) {
      const start = Math.floor(next() * days);
      for (let day = start; day < start + 1 + Math.floor(next() * 4); day++) spikes.add(day);
    }
  }
  const stopsAt = kind === 'stops' ? Math.floor(days * (0.5 + next() * 0.45)) : days;
  const daily = Array.from({ length: days }, (_, day) => {
    if (day >= stopsAt) return 0;
    const trend = 1 + (growth * day) / 365;
    const season = 1 + yearlyAmplitude * Math.sin((2 * Math.PI * day) / 365 + yearlyPhase);
    const spike = spikes.has(day) ? 2 + next() * 3 : 1;
    const value = base * Math.max(0.05, trend) * weekly[day % 7]! * season * spike * Math.exp(noise * normal(next) - (noise * noise) / 2);
    return Math.max(0, Math.round(value));
  });
  return { name: `${kind}-${index}`, kind, daily };
}

/* ---------- A CSV series ---------- */

function csvSeries(file: string): Series {
  const byDay = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const [day, amount] = line.split(/[,;\t]/).map((cell) => cell.trim().replace(/^"|"$/g, ''));
    if (!day || !isCalendarDay(day) || amount === undefined || !Number.isFinite(Number(amount))) continue;
    byDay.set(day, (byDay.get(day) ?? 0) + Number(amount));
  }
  const days = [...byDay.keys()].sort();
  if (days.length === 0) throw new Error(`${file}: no rows of YYYY-MM-DD,amount`);
  const first = days[0]!;
  const length = dayNumber(days.at(-1)!) - dayNumber(first) + 1;
  const daily = Array.from({ length }, (_, index) => byDay.get(addDays(first, index)) ?? 0);
  return { name: file, kind: 'csv', daily };
}

/* ---------- Backtest ---------- */

interface StoreScore {
  name: string;
  kind: string;
  modelError: number;
  naiveError: number;
  inside: number;
  weeks: number;
  methods: Record<string, number>;
}

function backtest(series: Series): StoreScore {
  const score: StoreScore = { name: series.name, kind: series.kind, modelError: 0, naiveError: 0, inside: 0, weeks: 0, methods: {} };
  for (let origin = firstOrigin; origin + horizonDays <= series.daily.length; origin += originStep) {
    const history = series.daily.slice(Math.max(0, origin - 365), origin);
    const actual = weeklyTotals(series.daily.slice(origin, origin + horizonDays));
    const model = forecastWeekly(history, horizon);
    const naive = seasonalNaiveForecast(history, horizon);
    if (!model || !naive) continue;
    score.methods[model.method] = (score.methods[model.method] ?? 0) + 1;
    score.modelError += meanAbsoluteError(
      actual,
      model.weeks.map((week) => week.expected),
    );
    score.naiveError += meanAbsoluteError(
      actual,
      naive.weeks.map((week) => week.expected),
    );
    score.inside +=
      intervalCoverage(
        actual,
        model.weeks.map((week) => week.low),
        model.weeks.map((week) => week.high),
      ) * actual.length;
    score.weeks += actual.length;
  }
  return score;
}

const wholeEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
};

const csvFile = process.argv[2];
const seriesList = csvFile
  ? [csvSeries(csvFile)]
  : Array.from({ length: wholeEnv('BENCH_FORECAST_STORES', 120) }, (_, index) =>
      generatedStore(index, wholeEnv('BENCH_FORECAST_SEED', 35)),
    );

const started = performance.now();
const scores = seriesList.map(backtest).filter((score) => score.weeks > 0);
const seconds = (performance.now() - started) / 1000;

function summary(list: StoreScore[]) {
  // A store whose naive error is 0 (it sold nothing, or the same every week) has no ratio.
  const ratios = list.filter((score) => score.naiveError > 0).map((score) => Math.max(1e-6, score.modelError) / score.naiveError);
  const geometric = Math.exp(ratios.reduce((sum, ratio) => sum + Math.log(ratio), 0) / Math.max(1, ratios.length));
  const pooled =
    list.reduce((sum, score) => sum + score.modelError, 0) /
    Math.max(
      1,
      list.reduce((sum, score) => sum + score.naiveError, 0),
    );
  const coverage =
    list.reduce((sum, score) => sum + score.inside, 0) /
    Math.max(
      1,
      list.reduce((sum, score) => sum + score.weeks, 0),
    );
  return { stores: list.length, relativeMase: geometric, pooled, coverage };
}

const rows = [...new Set(scores.map((score) => score.kind))].map((kind) => ({
  kind,
  ...summary(scores.filter((score) => score.kind === kind)),
}));
const all = summary(scores);
const methods: Record<string, number> = {};
for (const score of scores) for (const [method, count] of Object.entries(score.methods)) methods[method] = (methods[method] ?? 0) + count;
const fixed = (value: number, digits = 2) => value.toFixed(digits);

console.log(
  `Sales forecast backtest: ${scores.length} series, ${horizon}-week horizon, origins every ${originStep} days from day ${firstOrigin}`,
);
console.log(`forecasts by method: ${JSON.stringify(methods)}; ${fixed(seconds, 1)} s`);
console.log('| stores | series | relative MASE (geo. mean) | pooled | 80 % interval coverage |');
console.log('|---|---|---|---|---|');
for (const row of [...rows, { kind: 'all', ...all }]) {
  console.log(
    `| ${row.kind} | ${row.stores} | ${fixed(row.relativeMase, 3)} | ${fixed(row.pooled, 3)} | ${fixed(row.coverage * 100, 1)} % |`,
  );
}
const passed = all.relativeMase <= 0.9 && all.coverage >= 0.75 && all.coverage <= 0.85;
console.log(`target: relative MASE ≤ 0.9 and coverage 75–85 %: ${passed ? 'pass' : 'fail'}`);
if (!csvFile && !passed) process.exitCode = 1;
