import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { gamesContract } from '@shared/contract/games';
import { defineRoute } from '../../http/define-route';
import { conflict } from '../../http/errors';
import { requireAdmin, requireUser } from '../../http/guards';
import { refreshDays, refreshRange, STALE_MS, type FeedContext } from './feed-poller';
import { FEED_SPORTS } from '@shared/sports';
import { pollAndGrade, type FeedJobs } from './feed-jobs';
import { scoresFeedStatusOf } from './feed-status';
import { feedDayOf, feedDaysBetween, storedGames, toGameView } from './games.service';

const REQUEST_FEED_BUDGET_MS = 3_000;
const FEED_OFF = 'The scores feed is off (SCORES_FEED=off)';

/** Product rules §4 'Game-linked props'. */
export async function gamesRoutes(
  app: FastifyInstance,
  options: { context: FeedContext; jobs: FeedJobs | null },
) {
  const { context, jobs } = options;
  const { db } = context;
  const c = gamesContract;

  // A feed that is down or slow costs at most the budget, never the answer.
  defineRoute(app, c.list, {
    guard: requireUser,
    handler: async (request) => {
      const { sport } = request.query;
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      const stored = await storedGames(db, sport, from, to);
      if (!context.feed) return stored.map(toGameView);
      const live = new Set(
        stored
          .filter((game) => game.status === 'in_progress')
          .map((game) => feedDayOf(game.startsAt)),
      );
      const days = feedDaysBetween(from, to, 40);
      const refreshed = await Promise.race([
        refreshRange(context, sport, days, live).then(() => true),
        sleep(REQUEST_FEED_BUDGET_MS, false, { ref: false }),
      ]);
      return (refreshed ? await storedGames(db, sport, from, to) : stored).map(toGameView);
    },
  });

  // Asks the feed for today where not asked lately, so a feed out of reach shows as such.
  defineRoute(app, c.feedStatus, {
    guard: requireAdmin,
    handler: async () => {
      if (context.feed) {
        const today = [feedDayOf(new Date())];
        const probes = FEED_SPORTS.map((sport) => refreshDays(context, sport, today, STALE_MS));
        await Promise.race([
          Promise.all(probes),
          sleep(REQUEST_FEED_BUDGET_MS, null, { ref: false }),
        ]);
      }
      return scoresFeedStatusOf(db, context.feed);
    },
  });

  defineRoute(app, c.pollNow, {
    guard: requireAdmin,
    handler: async () => {
      if (!context.feed) throw conflict(FEED_OFF);
      if (jobs) await jobs.pollNow();
      // No job queue (a test's app): the poll runs here and now.
      else await pollAndGrade(context, true);
      return { queued: jobs !== null };
    },
  });
}
