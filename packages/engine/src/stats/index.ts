export { type ChiSquareTest, chiSquareIndependence, chiSquareSurvival } from './chi-square.js';
export {
  CONVERSION_TEST_RULE,
  type ConversionByGroupTest,
  type ConversionTestRule,
  type GroupConversions,
  testConversionByGroup,
} from './conversion-by-group.js';
export { logGamma, regularizedGammaQ } from './incomplete-gamma.js';
export { averageRanks, spearmanCorrelation } from './rank-correlation.js';
export { type ProportionInterval, wilsonInterval, Z_95 } from './wilson-interval.js';
