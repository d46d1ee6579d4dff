export {
  type CustomerFacts,
  type CustomerPurchaseFacts,
  type CustomerSessionFacts,
  customerNeuromindProfile,
  customerReadiness,
  READINESS_SESSIONS,
} from './facts.js';
export {
  assignCustomerIds,
  clusterIdentities,
  type IdentityCluster,
  type IdentityLink,
  type IdentityRecord,
  type IgnoredKey,
  MAX_SHARED_KEY,
  maskKeyValue,
  normaliseEmail,
  normalisePhone,
} from './identity.js';
export { customerInsights, insightConfidence, MIN_AFFECTED, MIN_CUSTOMERS } from './insights.js';
export {
  engagementRecommendations,
  PROFILE_RECOMMENDATIONS,
  type RecommendationCustomer,
} from './recommendations.js';
export { type CustomerRow, matchesRules, PROFILE_ACTIONS, profileSegments, SEGMENT_SUGGESTIONS } from './segments.js';
export { engagementLevel, journeyStage } from './stage.js';
export { behavioralTraits, NO_PAGE_VIEWS, type TraitNorms, traitNorms } from './traits.js';
