import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { LiveEvent } from '@shared/contract/live';
import type { Db } from '../../db/client';

/**
 * One instance's side of live updates. Triggers write group_events rows without an id; the
 * sequencer (one instance at a time) numbers the committed ones and NOTIFYs
 * 'groupId:lastId'. For each group with open streams here, the hub reads the new rows once
 * and writes them to each stream its audience allows. No state is shared between instances.
 */

export interface StoredEvent {
  id: number;
  groupId: number;
  type: string;
  payload: Record<string, unknown>;
  audience: number[] | null;
  /** Made once for all streams (frameOf). */
  frame?: string;
}

export interface LiveStream {
  groupId: number;
  userId: number;
  tokenHash: string;
  write(frame: string): void;
  ping(): void;
  end(): void;
}

interface StreamState {
  stream: LiveStream;
  /** null until the stream has caught up with what it missed. */
  cursor: number;
  /** Events that arrived while the stream was replaying. */
  pending: StoredEvent[] | null;
}

interface GroupState {
  streams: Set<StreamState>;
  cursor: number | null;
  ready: Promise<void>;
  reading: boolean;
  readAgain: boolean;
}

/** More than this and the page refetches instead. */
export const REPLAY_LIMIT = 500;
export const EVENT_RETENTION_HOURS = 48;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** The most an event waits for its id; with nothing waiting, one index probe. */
export const SEQUENCE_EVERY_MS = 50;
const SEQUENCER_RETRY_MS = 1_000;
/** A test counting a request's statements leaves it out. */
export const NUMBER_EVENTS_SQL = 'select group_events_number() as numbered';
const READ_BATCH = 500;
const RECONNECT_MAX_MS = 10_000;
/** A lock that passed while every instance was down for longer is not announced (pages refetch anyway). */
export const LOCK_LOOK_BACK_MINUTES = 10;

export function toLiveEvent(event: StoredEvent): LiveEvent {
  return {
    ...event.payload,
    type: event.type,
    groupId: event.groupId,
    id: event.id,
  } as LiveEvent;
}

export function frameOf(event: LiveEvent): string {
  return `event: ${event.type}\nid: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Logged once when failures begin and once when they end, not every second through an outage. */
class TroubleNotice {
  private troubled = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly failure: string,
    private readonly recovery: string,
  ) {}

  began(error: unknown) {
    if (!this.troubled) this.log.warn({ err: error }, this.failure);
    this.troubled = true;
  }

  ended() {
    if (this.troubled) this.log.info(this.recovery);
    this.troubled = false;
  }
}

export class EventHub {
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectDelay = 500;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly groups = new Map<number, GroupState>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly prune: NodeJS.Timeout;
  private lockSweep: NodeJS.Timeout | null = null;
  private sweeping = false;
  private readonly sequencer: NodeJS.Timeout;
  private sequencing = false;
  private sequencerRetryAt = 0;
  private readonly sequencerTrouble: TroubleNotice;
  private readonly lockSweepTrouble: TroubleNotice;
  private readonly pruneTrouble: TroubleNotice;
  private readonly heartbeatTrouble: TroubleNotice;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    heartbeatMs: number,
    private readonly onHeartbeat: (streams: LiveStream[]) => Promise<void>,
    private readonly lockSweepMs: number,
  ) {
    this.sequencerTrouble = new TroubleNotice(
      log,
      'could not number group events',
      'numbering group events again',
    );
    this.lockSweepTrouble = new TroubleNotice(
      log,
      'could not sweep prop locks',
      'sweeping prop locks again',
    );
    this.pruneTrouble = new TroubleNotice(
      log,
      'could not prune group events',
      'pruning group events again',
    );
    this.heartbeatTrouble = new TroubleNotice(log, 'live heartbeat failed', 'live heartbeat again');
    this.heartbeat = setInterval(() => void this.beat(), heartbeatMs);
    this.heartbeat.unref();
    this.prune = setInterval(() => void this.pruneOldEvents(), PRUNE_EVERY_MS);
    this.prune.unref();
    this.sequencer = setInterval(() => void this.numberEvents(), SEQUENCE_EVERY_MS);
    this.sequencer.unref();
  }

  get streams(): LiveStream[] {
    return [...this.groups.values()].flatMap((group) =>
      [...group.streams].map((state) => state.stream),
    );
  }

  /** With `lastEventId`, first replays what it missed (or tells it to refetch). Resolves once live. */
  async subscribe(stream: LiveStream, lastEventId: number | null): Promise<() => void> {
    await this.listen();
    this.startLockSweep();
    const group = this.groupState(stream.groupId);
    const state: StreamState = { stream, cursor: 0, pending: [] };
    group.streams.add(state);
    const unsubscribe = () => this.unsubscribe(state);
    try {
      await group.ready;
      const head = group.cursor ?? 0;
      state.cursor = head;
      if (lastEventId !== null && lastEventId < head) await this.replay(state, lastEventId, head);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    const pending = state.pending ?? [];
    state.pending = null;
    for (const event of pending) this.send(state, event);
    return unsubscribe;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.prune);
    clearInterval(this.sequencer);
    if (this.lockSweep) clearInterval(this.lockSweep);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const stream of this.streams) stream.end();
    this.groups.clear();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  /** One sequencer at a time across instances (db/derived/group-events.sql); the others' rounds return 0. */
  async numberEvents(): Promise<number> {
    if (this.sequencing || this.closed || Date.now() < this.sequencerRetryAt) return 0;
    this.sequencing = true;
    try {
      const { rows } = await this.db.$client.query<{ numbered: number }>(NUMBER_EVENTS_SQL);
      this.sequencerTrouble.ended();
      this.sequencerRetryAt = 0;
      return rows[0]?.numbered ?? 0;
    } catch (error) {
      this.sequencerTrouble.began(error);
      this.sequencerRetryAt = Date.now() + SEQUENCER_RETRY_MS;
      return 0;
    } finally {
      this.sequencing = false;
    }
  }

  /** Any instance, any number of times. An event not numbered yet stays: it is part of its group's version. */
  async pruneOldEvents(): Promise<void> {
    await this.db.$client
      .query(
        // By seq: the numbered events before the first still recent one (its writer may
        // have committed long after, never before).
        `delete from group_events
         where id is not null and seq < coalesce(
           (select seq from group_events
            where created_at >= now() - make_interval(hours => $1) order by seq limit 1),
           (select max(seq) + 1 from group_events))`,
        [EVENT_RETENTION_HOURS],
      )
      .then(
        () => this.pruneTrouble.ended(),
        (error: unknown) => this.pruneTrouble.began(error),
      );
  }

  /**
   * A passing lock time writes nothing, so no trigger fires: every instance sweeps, and the
   * database function claims each prop once (db/derived/lock-sweep.sql).
   */
  async sweepLocks(): Promise<number> {
    if (this.sweeping || this.closed) return 0;
    this.sweeping = true;
    try {
      const { rows } = await this.db.$client.query<{ announced: number }>(
        'select group_events_sweep_prop_locks(make_interval(mins => $1)) as announced',
        [LOCK_LOOK_BACK_MINUTES],
      );
      this.lockSweepTrouble.ended();
      return rows[0]?.announced ?? 0;
    } catch (error) {
      this.lockSweepTrouble.began(error);
      return 0;
    } finally {
      this.sweeping = false;
    }
  }

  private startLockSweep() {
    if (this.lockSweep || this.closed) return;
    this.lockSweep = setInterval(() => void this.sweepLocks(), this.lockSweepMs);
    this.lockSweep.unref();
  }

  private unsubscribe(state: StreamState) {
    const group = this.groups.get(state.stream.groupId);
    if (!group) return;
    group.streams.delete(state);
    if (group.streams.size === 0) this.groups.delete(state.stream.groupId);
  }

  private groupState(groupId: number): GroupState {
    const existing = this.groups.get(groupId);
    if (existing) return existing;
    const group: GroupState = {
      streams: new Set(),
      cursor: null,
      ready: Promise.resolve(),
      reading: false,
      readAgain: false,
    };
    // Start at the group's newest event: what came before is the page's first load's.
    group.ready = this.db.$client
      .query<{ last_id: string }>('select last_id from group_event_heads where group_id = $1', [
        groupId,
      ])
      .then(({ rows }) => {
        group.cursor = Number(rows[0]?.last_id ?? 0);
        // A notice that came while this was read was skipped: read past the head once.
        void this.read(groupId);
      });
    group.ready.catch(() => this.groups.delete(groupId));
    this.groups.set(groupId, group);
    return group;
  }

  private async replay(state: StreamState, after: number, head: number) {
    const { rows } = await this.db.$client.query<{ id: string; min_id: string | null }>(
      `select (select min(id) from group_events where group_id = $1) as min_id`,
      [state.stream.groupId],
    );
    const oldest =
      rows[0]?.min_id === null || rows[0] === undefined ? null : Number(rows[0].min_id);
    const missed = head - after;
    if (oldest === null || oldest > after + 1 || missed > REPLAY_LIMIT) {
      state.stream.write(
        frameOf({
          type: 'refetch',
          groupId: state.stream.groupId,
          id: head,
          reason: missed > REPLAY_LIMIT ? 'too_many' : 'too_old',
        }),
      );
      return;
    }
    const events = await this.readEvents(state.stream.groupId, after, head);
    state.cursor = after;
    for (const event of events) this.send(state, event);
  }

  private async readEvents(groupId: number, after: number, upTo?: number) {
    const { rows } = await this.db.$client.query<{
      id: string;
      type: string;
      payload: Record<string, unknown>;
      audience: number[] | null;
    }>(
      `select id, type, payload, audience from group_events
       where group_id = $1 and id > $2 and ($3::bigint is null or id <= $3)
       order by id limit $4`,
      [groupId, after, upTo ?? null, READ_BATCH],
    );
    return rows.map((row) => ({ ...row, id: Number(row.id), groupId }));
  }

  /** Once for every stream here; notices coalesce while it runs. */
  private async read(groupId: number): Promise<void> {
    const group = this.groups.get(groupId);
    if (!group || group.cursor === null) return;
    if (group.reading) {
      group.readAgain = true;
      return;
    }
    group.reading = true;
    try {
      for (;;) {
        group.readAgain = false;
        const events = await this.readEvents(groupId, group.cursor);
        for (const event of events) {
          group.cursor = event.id;
          this.deliver(group, event);
        }
        if (events.length < READ_BATCH && !group.readAgain) break;
      }
    } catch (error) {
      this.log.warn({ err: error, groupId }, 'could not read group events');
    } finally {
      group.reading = false;
    }
  }

  private deliver(group: GroupState, event: StoredEvent) {
    for (const state of group.streams) {
      if (state.pending) state.pending.push(event);
      else this.send(state, event);
    }
  }

  /** Closes the stream when the event is the one leaving. */
  private send(state: StreamState, event: StoredEvent) {
    if (event.id <= state.cursor) return;
    state.cursor = event.id;
    const { stream } = state;
    if (event.audience && !event.audience.includes(stream.userId)) return;
    event.frame ??= frameOf(toLiveEvent(event));
    stream.write(event.frame);
    if (event.type === 'member_left' && event.payload.userId === stream.userId) stream.end();
  }

  private endGroup(groupId: number) {
    const group = this.groups.get(groupId);
    if (!group) return;
    this.groups.delete(groupId);
    for (const { stream } of group.streams) {
      stream.write(frameOf({ type: 'group_deleted', groupId, id: (group.cursor ?? 0) + 1 }));
      stream.end();
    }
  }

  private endSession(tokenHash: string) {
    for (const stream of this.streams) if (stream.tokenHash === tokenHash) stream.end();
  }

  private onNotification(message: pg.Notification) {
    const payload = message.payload ?? '';
    if (message.channel === 'session_ended') {
      this.endSession(payload);
      return;
    }
    const [group, id] = payload.split(':');
    const groupId = Number(group);
    if (!this.groups.has(groupId)) return;
    if (id === 'deleted') this.endGroup(groupId);
    else void this.read(groupId);
  }

  private listen(): Promise<void> {
    if (this.listener) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const { statement_timeout: _s, query_timeout: _q, ...options } = this.db.$client.options;
    const client = new pg.Client({ ...options, keepAlive: true });
    client.on('notification', (message) => this.onNotification(message));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'The live-updates connection was lost; reconnecting');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query('listen group_events');
    await client.query('listen session_ended');
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
    this.reconnectDelay = 500;
  }

  /** Reconnects with backoff, then catches every followed group up from the table. */
  private lost(client: pg.Client) {
    if (this.listener !== client || this.closed) return;
    this.listener = null;
    void client.end().catch(() => undefined);
    const retry = () => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.listen().then(
        () => {
          this.log.info('The live-updates connection is back');
          for (const groupId of this.groups.keys()) void this.read(groupId);
        },
        () => {
          this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
          this.reconnectTimer = setTimeout(retry, this.reconnectDelay);
        },
      );
    };
    this.reconnectTimer = setTimeout(retry, this.reconnectDelay);
  }

  private async beat() {
    const streams = this.streams;
    if (streams.length === 0) return;
    await this.onHeartbeat(streams).then(
      () => this.heartbeatTrouble.ended(),
      (error: unknown) => this.heartbeatTrouble.began(error),
    );
  }
}
