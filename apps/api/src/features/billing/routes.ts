import type { FastifyInstance, FastifyReply } from 'fastify';
import { api, type PublicStatement } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
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
  defineRoute(app, api.billing.tariffs, ({ caller, scoped }) => billing.listTariffs(caller, scoped['query.siteID']));

  defineRoute(
    app,
    api.billing.createTariff,
    async ({ caller, body, scoped }) =>
      new Answer(await billing.createTariff(caller, scoped['body.siteID'], body), 200, 'tariffCreated'),
  );

  defineRoute(app, api.billing.statement, ({ caller, query, scoped }) =>
    billing.staffStatement(caller, scoped['query.stayID'], query.revision),
  );

  defineRoute(app, api.billing.revokeLink, async ({ caller, scoped }) => {
    await links.revokeLink(caller, scoped['body.stayID']);
    return new Answer(null, 200, 'statementLinkRevoked');
  });

  defineRoute(app, api.billing.heldBack, ({ caller, scoped }) =>
    decisions.heldBackReadings(caller.db, scoped['query.locationID']),
  );

  defineRoute(app, api.billing.confirmReading, async ({ caller, body, scoped }) => {
    await decisions.decideReading(caller, scoped['body.servicePointID'], body, 'confirmed');
    return new Answer(null, 200, 'readingConfirmed');
  });

  defineRoute(app, api.billing.discardReading, async ({ caller, body, scoped }) => {
    await decisions.decideReading(caller, scoped['body.servicePointID'], body, 'discarded');
    return new Answer(null, 200, 'readingDiscarded');
  });

  defineRoute(app, api.billing.issueLink, async ({ caller, scoped }) => {
    await links.issueLink(caller, scoped['body.stayID']);
    return new Answer(null, 200, 'statementLinkIssued');
  });

  defineRoute(app, api.billing.publicStatement, ({ caller, query }) =>
    billing.publicStatementByToken(caller, query.token),
  );

  defineRoute(app, api.billing.statementPdf, async ({ caller, reply, scoped }) => {
    const s = await billing.staffStatement(caller, scoped['query.stayID']);
    await sendPdf(reply, s, s.guestName);
  });

  defineRoute(app, api.billing.publicStatementPdf, async ({ caller, reply, query }) => {
    await sendPdf(reply, await billing.publicStatementByToken(caller, query.token), null);
  });
}
