import { z } from 'zod';
import {
  createdTariff,
  heldBackQuery,
  heldBackReading,
  readingDecisionRequest,
  publicStatement,
  stayBody,
  stayQuery,
  statementQuery,
  stayStatement,
  statementTokenQuery,
  tariffsQuery,
  tariffVersion,
  tariffVersionRequest,
} from '../billing';
import { emptyResult } from '../envelope';
import { propertyStaff } from './access';
import { call } from './call';
import { routes } from './routes';

const tags = ['Billing'];

export const billingCalls = {
  tariffs: call({
    ...routes.billing.tariffs,
    summary: "A property's tariff versions, newest first",
    tags,
    access: propertyStaff,
    query: tariffsQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(tariffVersion),
  }),

  createTariff: call({
    ...routes.billing.createTariff,
    summary:
      'A new tariff version of a property from a moment on (not before now); stays checked in before it keep theirs. Administrator or Site Owner',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: tariffVersionRequest,
    scope: { 'body.siteID': 'site' },
    result: createdTariff,
  }),

  statement: call({
    ...routes.billing.statement,
    summary:
      "A stay's statement: readings, usage, lines, totals, the guest link and its revisions (running while the stay is open); an earlier revision when asked for",
    tags,
    access: propertyStaff,
    keyScope: 'statements:read',
    query: statementQuery,
    scope: { 'query.stayID': 'stay' },
    result: stayStatement,
  }),

  statementPdf: call({
    ...routes.billing.statementPdf,
    summary: "A stay's statement as a PDF",
    tags,
    access: propertyStaff,
    keyScope: 'statements:read',
    rateLimit: 30,
    produces: ['application/pdf'],
    query: stayQuery,
    scope: { 'query.stayID': 'stay' },
    result: z.null(),
  }),

  revokeLink: call({
    ...routes.billing.revokeLink,
    summary: "Revoke a stay's guest link: the page answers 404 from then on",
    tags,
    access: propertyStaff,
    body: stayBody,
    scope: { 'body.stayID': 'stay' },
    result: emptyResult,
  }),

  heldBack: call({
    ...routes.billing.heldBack,
    summary:
      "A location's readings held back: rises faster than the meter can deliver, not billed until someone confirms or discards them",
    tags,
    access: propertyStaff,
    query: heldBackQuery,
    scope: { 'query.locationID': 'location' },
    result: z.array(heldBackReading),
  }),

  confirmReading: call({
    ...routes.billing.confirmReading,
    summary:
      'Confirm a reading held back as real usage: it counts, and the statements it changes are revised (audited)',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: readingDecisionRequest,
    scope: { 'body.servicePointID': 'meter' },
    result: emptyResult,
  }),

  discardReading: call({
    ...routes.billing.discardReading,
    summary: 'Discard a reading held back: it counts for nothing, and the statements it changes are revised (audited)',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: readingDecisionRequest,
    scope: { 'body.servicePointID': 'meter' },
    result: emptyResult,
  }),

  issueLink: call({
    ...routes.billing.issueLink,
    summary:
      'A new guest link for a stay whose link was revoked (or to replace the one it has): the links before it answer 404',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: stayBody,
    scope: { 'body.stayID': 'stay' },
    result: emptyResult,
  }),

  publicStatement: call({
    ...routes.billing.publicStatement,
    summary:
      "A stay's statement by its guest link, without the guest's contact details; 404 for a wrong, revoked or expired link",
    tags,
    access: 'public',
    rateLimit: 30,
    query: statementTokenQuery,
    result: publicStatement,
  }),

  publicStatementPdf: call({
    ...routes.billing.publicStatementPdf,
    summary: "A stay's statement as a PDF by its guest link; 404 for a wrong, revoked or expired link",
    tags,
    access: 'public',
    rateLimit: 30,
    produces: ['application/pdf'],
    query: statementTokenQuery,
    result: z.null(),
  }),
};
