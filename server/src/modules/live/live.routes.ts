import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_HEARTBEAT_MS, LIVE_LOCK_SWEEP_MS, liveContract } from '@shared/contract/live';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/errors';
import { currentGroup, currentUser, requireMember } from '../../http/guards';
import { SESSION_IDLE_MS, hashToken } from '../auth/sessions';
import { EventHub, type LiveStream } from './event-hub';

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: EventHub;
  }
}

/** It reconnects with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface LiveOptions {
  db: Db;
  heartbeatMs?: number;
  lockSweepMs?: number;
}

/**
 * Members only (404 otherwise). The reply is hijacked and written by hand, so no onSend
 * hook (compression, ETag, the serializer) touches the stream.
 */
async function liveRoutesPlugin(fastify: FastifyInstance, options: LiveOptions) {
  const { db } = options;
  const hub = new EventHub(
    db,
    fastify.log,
    options.heartbeatMs ?? LIVE_HEARTBEAT_MS,
    (streams) => heartbeat(db, streams),
    options.lockSweepMs ?? LIVE_LOCK_SWEEP_MS,
  );
  fastify.decorate('liveEvents', hub);
  // Streams never finish by themselves: end them before the server waits for connections.
  fastify.addHook('preClose', async () => hub.close());

  defineRoute(fastify, liveContract.events, {
    guard: requireMember(db),
    handler: async (request, reply) => {
      const lastEventId = lastEventIdOf(
        request.headers['last-event-id'],
        request.query.lastEventId,
      );
      const user = currentUser(request);
      const groupId = currentGroup(request).group.id;
      reply.hijack();
      const raw = reply.raw;
      // The answer starts once the stream is live (or with its first frame), so a caller
      // that has the headers misses nothing written after.
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          connection: 'keep-alive',
          // nginx and similar proxies would otherwise hold events back in their buffers.
          'x-accel-buffering': 'no',
        });
        raw.write(`retry: 3000\n\n`);
      };
      let ended = false;
      let unsubscribe = () => undefined as void;
      const stream: LiveStream = {
        groupId,
        userId: user.id,
        tokenHash: hashToken(request.sessionToken ?? ''),
        write: (frame: string) => {
          if (ended) return;
          start();
          raw.write(frame);
          if (raw.writableLength > MAX_BUFFERED_BYTES) stream.end();
        },
        ping: () => {
          if (ended) return;
          start();
          raw.write(`: ping\n\n`);
        },
        end: () => {
          if (ended) return;
          ended = true;
          unsubscribe();
          start();
          raw.end();
        },
      };
      request.raw.once('close', () => stream.end());
      try {
        unsubscribe = await hub.subscribe(stream, lastEventId);
        if (ended) unsubscribe();
        else start();
      } catch (error) {
        request.log.warn({ err: error }, 'could not start a live stream');
        stream.end();
      }
      return reply;
    },
  });
}

function lastEventIdOf(header: string | string[] | undefined, query: string | undefined) {
  const value = Array.isArray(header) ? header[0] : (header ?? query);
  if (value === undefined || value === '') return null;
  if (!/^\d{1,15}$/.test(value)) {
    throw badRequest('Last-Event-ID must be a whole number', {
      lastEventId: ['Last-Event-ID must be a whole number'],
    });
  }
  return Number(value);
}

/**
 * A comment on each stream (proxies keep it open, the page can tell a dead connection), and
 * one query ending streams whose session expired or member left (a notice missed while
 * LISTEN was down).
 */
async function heartbeat(db: Db, streams: LiveStream[]) {
  for (const stream of streams) stream.ping();
  const { rows } = await db.$client.query<{ token_hash: string; group_id: number }>(
    `select s.token_hash, m.group_id from sessions s
     join group_members m on m.user_id = s.user_id and m.group_id = any($2::int[])
     where s.token_hash = any($1::text[]) and s.expires_at > now()
       and s.last_seen_at > now() - make_interval(secs => $3)`,
    [
      [...new Set(streams.map((stream) => stream.tokenHash))],
      [...new Set(streams.map((stream) => stream.groupId))],
      SESSION_IDLE_MS / 1000,
    ],
  );
  const alive = new Set(rows.map((row) => `${row.token_hash}:${row.group_id}`));
  for (const stream of streams) {
    if (!alive.has(`${stream.tokenHash}:${stream.groupId}`)) stream.end();
  }
}

/** Not encapsulated: the app's close reaches the hub, and tests can see its streams. */
export const liveRoutes = fp(liveRoutesPlugin, { name: 'live-events' });
