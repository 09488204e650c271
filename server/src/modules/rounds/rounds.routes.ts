import type { FastifyInstance } from 'fastify';
import { roundsContract as c, type StandingsHistory } from '@shared/contract/rounds';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentGroup, currentUser, requireMember } from '../../http/guards';
import { historyFor, seasonHistoryOf } from '../standings/standings-history.service';
import { roundsOf } from './rounds.service';

/** Histories kept, oldest dropped first: a few per group being read. */
const HISTORIES_KEPT = 64;

/** A season's rounds and race (product rules §10), for every member. */
export async function roundsRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const member = requireMember(db);

  defineRoute(app, c.rounds, {
    guard: member,
    // Winners, props and seasons move with the group's version.
    cache: {
      name: (request) => {
        const { group, version } = currentGroup(request);
        return { key: [group.id, request.query.season], version };
      },
      readers: 'many',
    },
    handler: async (request) => roundsOf(db, currentGroup(request).group.id, request.query.season),
  });

  // Every viewer's chart is cut from one history per group version, computed once here.
  const histories = new Map<string, Promise<StandingsHistory>>();
  defineRoute(app, c.standingsHistory, {
    guard: member,
    cache: {
      name: (request) => {
        const { group, version } = currentGroup(request);
        return { key: [group.id, request.query.season, currentUser(request).id], version };
      },
      readers: 'one',
    },
    handler: async (request) => {
      const { group, version } = currentGroup(request);
      const key = `${group.id}:${request.query.season ?? ''}:${version}`;
      let history = histories.get(key);
      if (!history) {
        history = seasonHistoryOf(db, group.id, request.query.season);
        histories.set(key, history);
        void history.catch(() => histories.delete(key));
        if (histories.size > HISTORIES_KEPT) {
          histories.delete(histories.keys().next().value!);
        }
      }
      return historyFor(await history, currentUser(request).id);
    },
  });
}
