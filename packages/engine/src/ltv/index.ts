export {
  type BgNbdParams,
  bgNbdExpectedPurchases,
  bgNbdLogLikelihood,
  bgNbdProbabilityAlive,
  fitBgNbd,
  type ModelFit,
} from './bg-nbd.js';
export { parseCdnowMaster } from './cdnow.js';
export { type ForecastAccuracy, forecastAccuracy } from './evaluation.js';
export {
  DEFAULT_LTV_MODEL,
  fitLtv,
  forecastCustomer,
  forecastLtv,
  InsufficientHistoryError,
  isShortHistory,
  LTV_MODELS,
  type LtvFit,
  type LtvForecast,
  type LtvModel,
  type LtvOptions,
  sampleForFit,
} from './forecast.js';
export { FORECAST_CSV_HEADER, formatForecastCsv } from './forecast-csv.js';
export {
  fitGammaGamma,
  type GammaGammaParams,
  gammaGammaExpectedSpend,
  gammaGammaLogLikelihood,
  gammaGammaPopulationMean,
  type SpendSummary,
} from './gamma-gamma.js';
export {
  fitParetoNbd,
  PARETO_NBD_MAX_S,
  type ParetoNbdParams,
  paretoNbdExpectedPurchases,
  paretoNbdLogLikelihood,
  paretoNbdProbabilityAlive,
} from './pareto-nbd.js';
export {
  fitParetoNbdStayers,
  type ParetoNbdStayersParams,
  paretoNbdStayersExpectedPurchases,
  paretoNbdStayersLogLikelihood,
  paretoNbdStayersProbabilityAlive,
  paretoNbdStayersProbabilityStayer,
  STAYERS_MAX_R2,
} from './pareto-nbd-stayers.js';
export {
  type CustomerSummary,
  dayToIsoDate,
  groupTransactions,
  type HoldoutActivity,
  isoDateToDay,
  type Purchase,
  summarizeCustomers,
  summarizeHoldout,
} from './purchases.js';
export type { Rfm } from './rfm.js';
export { parseTransactionsCsv, TRANSACTION_COLUMNS, TransactionsInputError } from './transactions-csv.js';
