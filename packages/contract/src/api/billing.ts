import { z } from 'zod';
import {
  createdTariff,
  heldBackReading,
  readingDecisionRequest,
  publicStatement,
  stayBody,
  stayQuery,
  statementQuery,
  stayStatement,
  statementTokenQuery,
  tariffVersion,
  tariffVersionRequest,
} from '../billing';
import { emptyResult } from '../envelope';
import { locationInQuery, propertyStaff, siteInQuery } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Billing'], access: propertyStaff } as const;

export const billingCalls = featureCalls(routes.billing, defaults, {
  tariffs: {
    summary: "A property's tariff versions, newest first",
    ...siteInQuery,
    result: z.array(tariffVersion),
  },

  createTariff: {
    summary:
      'A new tariff version of a property from a moment on (not before now); stays checked in before it keep theirs. Administrator or Site Owner',
    idempotent: true,
    body: tariffVersionRequest,
    scope: { 'body.siteID': 'site' },
    result: createdTariff,
  },

  statement: {
    summary:
      "A stay's statement: readings, usage, lines, totals, the guest link and its revisions (running while the stay is open); an earlier revision when asked for",
    keyScope: 'statements:read',
    query: statementQuery,
    scope: { 'query.stayID': 'stay' },
    result: stayStatement,
  },

  statementPdf: {
    summary: "A stay's statement as a PDF",
    keyScope: 'statements:read',
    rateLimit: 30,
    produces: ['application/pdf'],
    query: stayQuery,
    scope: { 'query.stayID': 'stay' },
    result: z.null(),
  },

  revokeLink: {
    summary: "Revoke a stay's guest link: the page answers 404 from then on",
    body: stayBody,
    scope: { 'body.stayID': 'stay' },
    result: emptyResult,
  },

  heldBack: {
    summary:
      "A location's readings held back: rises faster than the meter can deliver, not billed until someone confirms or discards them",
    ...locationInQuery,
    result: z.array(heldBackReading),
  },

  confirmReading: {
    summary:
      'Confirm a reading held back as real usage: it counts, and the statements it changes are revised (audited)',
    idempotent: true,
    body: readingDecisionRequest,
    scope: { 'body.servicePointID': 'meter' },
    result: emptyResult,
  },

  discardReading: {
    summary: 'Discard a reading held back: it counts for nothing, and the statements it changes are revised (audited)',
    idempotent: true,
    body: readingDecisionRequest,
    scope: { 'body.servicePointID': 'meter' },
    result: emptyResult,
  },

  issueLink: {
    summary:
      'A new guest link for a stay whose link was revoked (or to replace the one it has): the links before it answer 404',
    idempotent: true,
    body: stayBody,
    scope: { 'body.stayID': 'stay' },
    result: emptyResult,
  },

  publicStatement: {
    summary:
      "A stay's statement by its guest link, without the guest's contact details; 404 for a wrong, revoked or expired link",
    access: 'public',
    rateLimit: 30,
    query: statementTokenQuery,
    result: publicStatement,
  },

  publicStatementPdf: {
    summary: "A stay's statement as a PDF by its guest link; 404 for a wrong, revoked or expired link",
    access: 'public',
    rateLimit: 30,
    produces: ['application/pdf'],
    query: statementTokenQuery,
    result: z.null(),
  },
});
