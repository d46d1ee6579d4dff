import { z } from 'zod';
import {
  cookieSessionSchema,
  logoutQuerySchema,
  messageResponseSchema,
  recoverBodySchema,
  resetPasswordBodySchema,
  sessionSchema,
  signupBodySchema,
  signupResponseSchema,
  tokenBodySchema,
  tokenQuerySchema,
  userSchema,
  verifyBodySchema,
} from '../auth.js';
import {
  businessListSchema,
  businessParamsSchema,
  businessSchema,
  memberListSchema,
  updateBusinessBodySchema,
} from '../business.js';
import { endpoint, PUBLIC, READ, SESSION, write } from '../endpoint.js';
import { healthSchema, outboxListSchema, syncStatusSchema } from '../system.js';

/** Bearer clients get the tokens in the body; the web app (cookie mode) gets them only as httpOnly cookies. */
const sessionAnswerSchema = z.union([sessionSchema, cookieSessionSchema]);

/** Accounts and sessions (spec sections 3 and 7.7). */
export const authEndpoints = {
  signUp: endpoint({
    method: 'POST',
    path: '/auth/signup',
    access: PUBLIC,
    tag: 'auth',
    summary: 'Create an account and its business',
    body: signupBodySchema,
    response: signupResponseSchema,
  }),
  issueToken: endpoint({
    method: 'POST',
    path: '/auth/token',
    access: PUBLIC,
    tag: 'auth',
    summary: 'Sign in (grant_type=password) or refresh a session (grant_type=refresh_token)',
    query: tokenQuerySchema,
    body: tokenBodySchema.optional(),
    response: sessionAnswerSchema,
  }),
  recoverPassword: endpoint({
    method: 'POST',
    path: '/auth/recover',
    access: PUBLIC,
    tag: 'auth',
    summary: 'E-mail a password-reset link (same answer whether or not the account exists)',
    body: recoverBodySchema,
    response: messageResponseSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    access: PUBLIC,
    tag: 'auth',
    summary: 'Set a new password with the token of a reset link',
    body: resetPasswordBodySchema,
    response: messageResponseSchema,
  }),
  verifySignup: endpoint({
    method: 'POST',
    path: '/auth/verify',
    access: PUBLIC,
    tag: 'auth',
    summary: 'Confirm a sign-up from its e-mailed link; signs the user in',
    body: verifyBodySchema,
    response: sessionAnswerSchema,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/auth/logout',
    access: SESSION,
    tag: 'auth',
    summary: 'End this session (local), every session (global) or all others',
    query: logoutQuerySchema,
    response: z.null(),
    status: 204,
  }),
  getUser: endpoint({
    method: 'GET',
    path: '/auth/user',
    access: SESSION,
    tag: 'auth',
    summary: 'The signed-in user',
    response: userSchema,
  }),
};

/** Businesses and who may open them; changes need owner or admin, and never touch the demo. */
export const businessEndpoints = {
  listBusinesses: endpoint({
    method: 'GET',
    path: '/businesses',
    access: SESSION,
    tag: 'businesses',
    summary: 'Businesses you may open',
    response: businessListSchema,
  }),
  getBusiness: endpoint({
    method: 'GET',
    path: '/businesses/:businessId',
    access: READ,
    tag: 'businesses',
    summary: 'One business, with your role in it',
    params: businessParamsSchema,
    response: businessSchema,
  }),
  updateBusiness: endpoint({
    method: 'PATCH',
    path: '/businesses/:businessId',
    access: write('owner', 'admin'),
    tag: 'businesses',
    summary: 'Rename or describe a business (owner or admin)',
    params: businessParamsSchema,
    body: updateBusinessBodySchema,
    response: businessSchema,
  }),
  listMembers: endpoint({
    method: 'GET',
    path: '/businesses/:businessId/members',
    access: READ,
    tag: 'businesses',
    summary: 'People with access to a business',
    params: businessParamsSchema,
    response: memberListSchema,
  }),
};

/** Health, the header's sync status and the local mail outbox. */
export const systemEndpoints = {
  getHealth: endpoint({
    method: 'GET',
    path: '/health',
    access: PUBLIC,
    tag: 'system',
    summary: 'Database and job-queue status (503 when the database is down)',
    response: healthSchema,
    otherResponses: { 503: healthSchema },
  }),
  getSyncStatus: endpoint({
    method: 'GET',
    path: '/analytics/sync-status',
    access: READ,
    tag: 'sync',
    summary: 'Whether the header Sync can run for the current business',
    response: syncStatusSchema,
  }),
  getOutbox: endpoint({
    method: 'GET',
    path: '/dev/outbox',
    access: SESSION,
    tag: 'system',
    summary: 'Mail the server kept or sent for the signed-in user',
    response: outboxListSchema,
  }),
};
