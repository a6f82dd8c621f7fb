import type { FastifyInstance, FastifyReply } from 'fastify';
import { api, type PublicStatement } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import { statementPdf } from './pdf';
import * as decisions from './decisions';
import * as links from './links';
import * as billing from './service';

/** Sends a statement as a PDF download (a few kilobytes: made whole before anything is sent). */
async function sendPdf(reply: FastifyReply, s: PublicStatement, guestName: string | null) {
  const pdf = await statementPdf(s, guestName);
  void reply
    .header('content-disposition', `attachment; filename="statement-${s.stayID}.pdf"`)
    .header('cache-control', 'no-store')
    .type('application/pdf')
    .send(pdf);
}

export default async function billingRoutes(app: FastifyInstance) {
  defineRoute(app, api.billing.tariffs, ({ deps, scoped }) => billing.listTariffs(deps, scoped['query.siteID']));

  defineRoute(
    app,
    api.billing.createTariff,
    async ({ deps, req, user, body, scoped }) =>
      new Answer(await billing.createTariff(deps, req, user, scoped['body.siteID'], body), 200, 'tariffCreated'),
  );

  defineRoute(app, api.billing.statement, ({ deps, query, scoped }) =>
    billing.staffStatement(deps, scoped['query.stayID'], query.revision),
  );

  defineRoute(app, api.billing.revokeLink, async ({ deps, req, scoped }) => {
    await links.revokeLink(deps, req, scoped['body.stayID']);
    return new Answer(null, 200, 'statementLinkRevoked');
  });

  defineRoute(app, api.billing.heldBack, ({ deps, scoped }) =>
    decisions.heldBackReadings(deps.db, scoped['query.locationID']),
  );

  defineRoute(app, api.billing.confirmReading, async ({ deps, req, user, body, scoped }) => {
    await decisions.decideReading(deps, req, user, scoped['body.servicePointID'], body, 'confirmed');
    return new Answer(null, 200, 'readingConfirmed');
  });

  defineRoute(app, api.billing.discardReading, async ({ deps, req, user, body, scoped }) => {
    await decisions.decideReading(deps, req, user, scoped['body.servicePointID'], body, 'discarded');
    return new Answer(null, 200, 'readingDiscarded');
  });

  defineRoute(app, api.billing.issueLink, async ({ deps, req, scoped }) => {
    await links.issueLink(deps, req, scoped['body.stayID']);
    return new Answer(null, 200, 'statementLinkIssued');
  });

  defineRoute(app, api.billing.publicStatement, ({ deps, query }) => billing.publicStatementByToken(deps, query.token));

  defineRoute(app, api.billing.statementPdf, async ({ deps, reply, scoped }) => {
    const s = await billing.staffStatement(deps, scoped['query.stayID']);
    await sendPdf(reply, s, s.guestName);
  });

  defineRoute(app, api.billing.publicStatementPdf, async ({ deps, reply, query }) => {
    await sendPdf(reply, await billing.publicStatementByToken(deps, query.token), null);
  });
}
