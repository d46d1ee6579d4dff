import type { NeuromindProfile, NeuromindProfileResult, ScoreContribution } from '@ri/contracts';
import type { FlowState, JourneyState, SignalState } from '@ri/engine';
import { doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.schema.js';

// What the behavioural engine knows about each session.

/**
 * What the behavioural engine knows about a session: the folded per-session states (signals, journey,
 * signal flows), the computed signals, the readiness score with its explanation and the Neuromind
 * profile. Kept apart from tracking_sessions so scoring never slows the ingestion row's in-place updates.
 */
export const sessionIntelligence = pgTable(
  'session_intelligence',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    /** Events the score reflects; equals tracking_sessions.events_count when up to date. */
    foldedEvents: integer('folded_events').notNull().default(0),
    /**
     * Events folded into the stored states. Under load the scorer keeps a busy session's states in memory
     * and stores them every few seconds, so this may lag folded_events; a scorer without the states in
     * memory folds from here (or refolds from the events when the counts do not meet).
     */
    stateEvents: integer('state_events').notNull().default(0),
    signalState: jsonb('signal_state').$type<SignalState>().notNull(),
    journeyState: jsonb('journey_state').$type<JourneyState>().notNull(),
    flowState: jsonb('flow_state').$type<FlowState>().notNull(),
    /** The catalogue signals by name (null: not measured). */
    signals: jsonb('signals').$type<Record<string, number | null>>().notNull(),
    readinessScore: doublePrecision('readiness_score'),
    conversionProbability: doublePrecision('conversion_probability'),
    contributions: jsonb('contributions').$type<ScoreContribution[]>(),
    modelKind: text('model_kind', { enum: ['prior', 'business'] }),
    /** The session's profile; null before a page view, or when it is not yet classified (then the reason is set). */
    neuromindProfile: text('neuromind_profile').$type<NeuromindProfile>(),
    /** Why the session is not classified yet (too little evidence, or no profile likely enough); null otherwise. */
    profileUnclassifiedReason: text('profile_unclassified_reason'),
    /** The probability of the profile, or of the leading one when not yet classified. */
    profileConfidence: doublePrecision('profile_confidence'),
    profileProbabilities: jsonb('profile_probabilities').$type<NeuromindProfileResult['probabilities']>(),
    /** The Neuromind model that made the profile (neuromindModelVersion); an older one's profiles are redone. */
    profileModel: text('profile_model'),
    profileEvidence: jsonb('profile_evidence').$type<NeuromindProfileResult['evidence']>(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.sessionId] })],
);
