import type { FastifyInstance, FastifyRequest } from 'fastify';
import { groupsContract } from '@shared/contract/groups';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import {
  currentGroup,
  currentUser,
  requireAdmin,
  requireLeader,
  requireMember,
  requireUser,
} from '../../http/guards';
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
 * Not what makes guessing hopeless (31^8 codes); it stops a script. Per user rather than
 * per IP: joining needs a session, sign-up is limited per IP, and a household behind one
 * address should not share a budget.
 */
const JOIN_ATTEMPTS = { max: 10, timeWindow: 15 * 60_000 };
const joinAttemptKey = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

export async function groupsRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const member = requireMember(db);
  const leader = requireLeader(db);
  const c = groupsContract;

  defineRoute(app, c.create, {
    guard: requireUser,
    status: 201,
    handler: async (request) => {
      const user = currentUser(request);
      const { leaderId: _leaderId, userId: _userId, ...settings } = request.body;
      const group = await createGroup(db, user.id, {
        ...settings,
        lockValue: settings.lockValue ?? null,
        isOfficial: false,
      });
      return { user, group: await loadGroupDetails(db, group.id, user.id) };
    },
  });

  defineRoute(app, c.join, {
    guard: requireUser,
    config: { rateLimit: { ...JOIN_ATTEMPTS, keyGenerator: joinAttemptKey } },
    handler: async (request) => {
      const user = currentUser(request);
      const { groupId, alreadyMember } = await joinGroupByCode(db, user.id, request.body.code);
      return { user, group: await loadGroupDetails(db, groupId, user.id), alreadyMember };
    },
  });

  defineRoute(app, c.joinOfficial, {
    guard: requireUser,
    handler: async (request) => {
      const user = currentUser(request);
      const { groupId, socialUsername } = request.body;
      await joinOfficialEvent(db, user.id, groupId, socialUsername);
      return { user, group: await loadGroupDetails(db, groupId, user.id) };
    },
  });

  defineRoute(app, c.leave, {
    guard: requireUser,
    handler: async (request) => {
      const user = currentUser(request);
      await leaveGroup(db, user.id, request.body.groupId);
      return { user };
    },
  });

  defineRoute(app, c.details, {
    guard: member,
    handler: async (request) => groupDetailsOf(currentGroup(request), currentUser(request).id),
  });

  defineRoute(app, c.update, {
    guard: leader,
    handler: async (request) => {
      const groupId = currentGroup(request).group.id;
      await updateGroupSettings(db, groupId, request.body);
      return loadGroupDetails(db, groupId, currentUser(request).id);
    },
  });

  defineRoute(app, c.remove, {
    guard: leader,
    status: 204,
    handler: async (request) => {
      await deleteGroup(db, currentGroup(request).group.id);
    },
  });

  defineRoute(app, c.members, {
    guard: member,
    handler: async (request) => {
      const { group, isLeader } = currentGroup(request);
      const viewerId = currentUser(request).id;
      const members = await listMembers(db, group.id);
      return isLeader
        ? members
        : members.map(({ isPaid, ...member }) =>
            member.id === viewerId ? { ...member, isPaid } : member,
          );
    },
  });

  defineRoute(app, c.paymentStatus, {
    guard: leader,
    handler: async (request) =>
      setPaymentStatus(
        db,
        currentGroup(request).group.id,
        currentUser(request),
        request.body.userId,
        request.body.isPaid,
      ),
  });

  defineRoute(app, c.deleteUnlockedProps, {
    guard: leader,
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

  defineRoute(app, c.createOfficial, {
    guard: requireAdmin,
    status: 201,
    handler: async (request) => {
      const admin = currentUser(request);
      const { leaderId: _leaderId, ...input } = request.body;
      // The operator leads the event (a member, so its routes open for them) but does not play.
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
      return { group: { id: group.id, name: group.name, code: group.code } };
    },
  });
}
