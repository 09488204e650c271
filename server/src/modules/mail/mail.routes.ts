import type { FastifyInstance } from 'fastify';
import { EMAIL_OFF, mailContract } from '@shared/contract/mail';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { badRequest, conflict } from '../../http/errors';
import { currentUser, requireSelf } from '../../http/guards';
import { lookupKeyOf } from '../invites/invites.routes';
import type { Mailer } from './mailer';
import {
  readEmailAddress,
  removeEmailAddress,
  setEmailAddress,
  unsubscribe,
  verifyEmailCode,
  type SendCode,
} from './mail.service';

export interface MailRoutesOptions {
  db: Db;
  /** Both undefined when e-mail is off (no SMTP_URL). */
  mailer: Mailer | undefined;
  sendCode: SendCode | undefined;
}

/** Enough for typos, too few to flood someone's inbox. */
const CODES_SENT = { max: 5, timeWindow: 15 * 60_000 };
const BAD_LINK = 'This unsubscribe link is not valid';

export async function mailRoutes(app: FastifyInstance, options: MailRoutesOptions) {
  const { db, mailer, sendCode } = options;
  const c = mailContract;
  // RFC 8058 one-click posts a form whose body says nothing the link does not: left alone.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  defineRoute(app, c.address, {
    guard: requireSelf,
    handler: async (request) => readEmailAddress(db, currentUser(request).id),
  });

  defineRoute(app, c.setAddress, {
    guard: requireSelf,
    config: { rateLimit: { ...CODES_SENT, keyGenerator: lookupKeyOf } },
    handler: async (request) => {
      if (!sendCode) throw conflict(EMAIL_OFF);
      return setEmailAddress(db, currentUser(request).id, request.body.email, sendCode);
    },
  });

  defineRoute(app, c.verify, {
    guard: requireSelf,
    handler: async (request) => verifyEmailCode(db, currentUser(request).id, request.body.code),
  });

  defineRoute(app, c.removeAddress, {
    guard: requireSelf,
    status: 204,
    handler: async (request) => {
      await removeEmailAddress(db, currentUser(request).id);
    },
  });

  const byLink = async (token: string) => {
    const named = mailer?.readUnsubscribeToken(token);
    if (!named) throw badRequest(BAD_LINK);
    return unsubscribe(db, named.userId, named.kind);
  };
  defineRoute(app, c.unsubscribe, {
    guard: 'public',
    handler: async (request) => byLink(request.query.token),
  });
  defineRoute(app, c.unsubscribeByLink, {
    guard: 'public',
    handler: async (request) => byLink(request.query.token),
  });
}
