import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupsContract } from '@shared/contract/groups';
import type { Db } from '../../db/client';
import {
  currentGroup,
  currentUser,
  requireAdmin,
  requireLeader,
  requireMember,
  requireUser,
} from '../../plugins/guards';
import {
  createGroup,
  deleteGroup,
  deleteUnlockedProps,
  groupDetailsOf,
  joinGroupByCode,
  joinOfficialEvent,
  leaveGroup,
  listMembers,
  loadGroupDetails,
  setPaymentStatus,
  updateGroupSettings,
} from './groups.service';

/**
 * Join attempts per signed-in user per window. Codes have 31^8 values, so this is not what
 * makes guessing hopeless; it stops a script from trying. Counted per user rather than per
 * IP because joining needs a session, account creation is itself limited per IP, and a
 * household behind one address should not share a budget.
 */
const JOIN_ATTEMPTS = { max: 10, timeWindow: 15 * 60_000 };
const joinAttemptKey = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

export async function groupsRoutes(fastify: FastifyInstance, options: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const member = requireMember(db);
  const leader = requireLeader(db);
  const c = groupsContract;

  app.route({
    method: c.create.method,
    url: c.create.path,
    schema: { body: c.create.body, response: { 201: c.create.response } },
    onRequest: [requireUser],
    handler: async (request, reply) => {
      const user = currentUser(request);
      const { leaderId: _leaderId, userId: _userId, ...settings } = request.body;
      const group = await createGroup(db, user.id, {
        ...settings,
        lockValue: settings.lockValue ?? null,
        isOfficial: false,
      });
      return reply.status(201).send({ user, group: await loadGroupDetails(db, group.id, user.id) });
    },
  });

  app.route({
    method: c.join.method,
    url: c.join.path,
    schema: { body: c.join.body, response: { 200: c.join.response } },
    onRequest: [requireUser],
    config: { rateLimit: { ...JOIN_ATTEMPTS, keyGenerator: joinAttemptKey } },
    handler: async (request) => {
      const user = currentUser(request);
      const { groupId, alreadyMember } = await joinGroupByCode(db, user.id, request.body.code);
      return { user, group: await loadGroupDetails(db, groupId, user.id), alreadyMember };
    },
  });

  app.route({
    method: c.joinOfficial.method,
    url: c.joinOfficial.path,
    schema: { body: c.joinOfficial.body, response: { 200: c.joinOfficial.response } },
    onRequest: [requireUser],
    handler: async (request) => {
      const user = currentUser(request);
      const { groupId, socialUsername } = request.body;
      await joinOfficialEvent(db, user.id, groupId, socialUsername);
      return { user, group: await loadGroupDetails(db, groupId, user.id) };
    },
  });

  app.route({
    method: c.leave.method,
    url: c.leave.path,
    schema: { body: c.leave.body, response: { 200: c.leave.response } },
    onRequest: [requireUser],
    handler: async (request) => {
      const user = currentUser(request);
      await leaveGroup(db, user.id, request.body.groupId);
      return { user };
    },
  });

  app.route({
    method: c.details.method,
    url: c.details.path,
    schema: { params: c.details.params, response: { 200: c.details.response } },
    onRequest: [member],
    handler: async (request) => groupDetailsOf(currentGroup(request), currentUser(request).id),
  });

  app.route({
    method: c.update.method,
    url: c.update.path,
    schema: { params: c.update.params, body: c.update.body, response: { 200: c.update.response } },
    onRequest: [leader],
    handler: async (request) => {
      const groupId = currentGroup(request).group.id;
      await updateGroupSettings(db, groupId, request.body);
      return loadGroupDetails(db, groupId, currentUser(request).id);
    },
  });

  app.route({
    method: c.remove.method,
    url: c.remove.path,
    schema: { params: c.remove.params },
    onRequest: [leader],
    handler: async (request, reply) => {
      await deleteGroup(db, currentGroup(request).group.id);
      return reply.status(204).send();
    },
  });

  app.route({
    method: c.members.method,
    url: c.members.path,
    schema: { params: c.members.params, response: { 200: c.members.response } },
    onRequest: [member],
    handler: async (request) => {
      const { group, isLeader } = currentGroup(request);
      const viewerId = currentUser(request).id;
      const members = await listMembers(db, group.id);
      // Who has paid is for the leader's payment dialog; a member sees only their own.
      return isLeader
        ? members
        : members.map(({ isPaid, ...member }) =>
            member.id === viewerId ? { ...member, isPaid } : member,
          );
    },
  });

  app.route({
    method: c.paymentStatus.method,
    url: c.paymentStatus.path,
    schema: {
      params: c.paymentStatus.params,
      body: c.paymentStatus.body,
      response: { 200: c.paymentStatus.response },
    },
    onRequest: [leader],
    handler: async (request) =>
      setPaymentStatus(
        db,
        currentGroup(request).group.id,
        currentUser(request),
        request.body.userId,
        request.body.isPaid,
      ),
  });

  app.route({
    method: c.deleteUnlockedProps.method,
    url: c.deleteUnlockedProps.path,
    schema: {
      params: c.deleteUnlockedProps.params,
      response: { 200: c.deleteUnlockedProps.response },
    },
    onRequest: [leader],
    handler: async (request) => {
      const count = await deleteUnlockedProps(
        db,
        currentGroup(request).group.id,
        currentUser(request).id,
      );
      const message =
        count === 0
          ? 'There were no unlocked props to delete'
          : `Deleted ${count} unlocked ${count === 1 ? 'prop' : 'props'}`;
      return { message, count };
    },
  });

  app.route({
    method: c.createOfficial.method,
    url: c.createOfficial.path,
    schema: { body: c.createOfficial.body, response: { 201: c.createOfficial.response } },
    onRequest: [requireAdmin],
    handler: async (request, reply) => {
      const admin = currentUser(request);
      const { leaderId: _leaderId, ...input } = request.body;
      // The operator running the event leads it (a member, so the group's routes open for
      // them) but does not play in it: no standing, not counted (decision 0013).
      const group = await createGroup(
        db,
        admin.id,
        {
          ...input,
          lockValue: input.lockValue ?? null,
          allowMemberProps: false,
          trackPaymentStatus: false,
          isOfficial: true,
        },
        false,
      );
      return reply
        .status(201)
        .send({ group: { id: group.id, name: group.name, code: group.code } });
    },
  });
}
