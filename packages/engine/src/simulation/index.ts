export { type BacktestForecast, type BacktestOptions, backtestRevenue } from './backtest.js';
export type { CountLevelFit } from './count-level.js';
export {
  CALIBRATION_HORIZON_DAYS,
  DEFAULT_WINDOW_DAYS,
  fitRevenueModel,
  type RevenueModel,
  type RevenueModelOptions,
} from './fit.js';
export {
  type DailyRevenue,
  MIN_HISTORY_DAYS,
  MIN_HISTORY_ORDERS,
  SimulationHistoryError,
  type SimulationHistoryReason,
} from './history.js';
export type { OrderValueFit } from './order-value.js';
export { type ProposedScenario, proposeScenarios } from './scenarios.js';
export {
  describeChanges,
  type RevenueFigures,
  type RevenueInterval,
  type RevenueScenario,
  type RevenueSimulation,
  type SimulationOptions,
  simulateRevenue,
} from './simulate.js';
