import secureJson from 'secure-json-parse';
import type { GameStatus } from '@shared/domain/game-grading';
import { ESPN_SPORT_PATHS, type FeedSport } from '@shared/sports';
import { exceedsDepth } from '../../plugins/json-body';
import {
  FeedError,
  type FeedDay,
  type FeedGame,
  type FeedTeam,
  type ScoresFeed,
} from './scores-feed';

export const DEFAULT_ESPN_URL = 'https://site.api.espn.com/apis/site/v2/sports';

export interface EspnFeedOptions {
  baseUrl: string;
  timeoutMs: number;
  maxBytes: number;
}

const MAX_PAYLOAD_DEPTH = 64;

/**
 * `GET {base}/{sportPath}/scoreboard?dates=YYYYMMDD`, bounded in time and size; every
 * failure is a FeedError, so a day is read whole or not at all.
 */
export function espnFeed(options: EspnFeedOptions): ScoresFeed {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    name: 'ESPN',
    async fetchDay(sport: FeedSport, day: string): Promise<FeedDay> {
      const url = `${base}/${ESPN_SPORT_PATHS[sport]}/scoreboard?dates=${day}`;
      const raw = await readText(url, options);
      if (exceedsDepth(raw, MAX_PAYLOAD_DEPTH)) {
        throw new FeedError('The feed answered JSON nested too deeply', 'malformed');
      }
      let body: unknown;
      try {
        body = secureJson.parse(raw, { protoAction: 'remove', constructorAction: 'remove' });
      } catch {
        throw new FeedError('The feed answered something that is not JSON', 'malformed');
      }
      const parsed = parseEspnScoreboard(body);
      if (!parsed)
        throw new FeedError('The feed answered JSON without a list of events', 'malformed');
      return { ...parsed, raw };
    },
  };
}

async function readText(url: string, options: EspnFeedOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = () =>
    new FeedError(`The feed did not answer within ${options.timeoutMs / 1000} s`, 'timeout');
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal.aborted) throw timedOut();
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code =
      typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
    throw new FeedError(`The feed could not be reached${code ? ` (${code})` : ''}`, 'unreachable');
  }
  try {
    if (!response.ok) throw new FeedError(`The feed answered HTTP ${response.status}`, 'http');
    const chunks: Uint8Array[] = [];
    let total = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > options.maxBytes) {
          throw new FeedError(`The feed answered more than ${options.maxBytes} bytes`, 'malformed');
        }
        chunks.push(value);
      }
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (signal.aborted) throw timedOut();
    if (error instanceof FeedError) throw error;
    throw new FeedError('The feed broke off its answer', 'unreachable');
  } finally {
    await response.body?.cancel().catch(() => undefined);
  }
}

// Real payloads are messy (../shared/fixtures/README.md): an event that cannot be read is
// skipped, never the day.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown, key: string): Json | undefined =>
  isObject(value) && isObject(value[key]) ? value[key] : undefined;
const textOf = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.replace(/\p{Cc}/gu, ' ').trim();
  return text === '' ? null : text.slice(0, 120);
};
const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/** null when it is not one (no events list). */
export function parseEspnScoreboard(body: unknown): Omit<FeedDay, 'raw'> | null {
  if (!isObject(body) || !Array.isArray(body.events)) return null;
  const games: FeedGame[] = [];
  let skipped = 0;
  for (const event of body.events) {
    const game = parseEvent(event);
    if (game) games.push(game);
    else skipped += 1;
  }
  return { games, skipped };
}

function parseEvent(event: unknown): FeedGame | null {
  if (!isObject(event)) return null;
  const competitions: unknown[] = Array.isArray(event.competitions) ? event.competitions : [];
  const competition = competitions[0];
  if (!isObject(competition)) return null;
  const feedEventId = textOf(event.id) ?? textOf(competition.id);
  if (!feedEventId) return null;
  const competitors: unknown[] = Array.isArray(competition.competitors)
    ? competition.competitors
    : [];
  const side = (homeAway: string) =>
    competitors.find((entry) => isObject(entry) && entry.homeAway === homeAway);
  const statusBlock = objectAt(competition, 'status') ?? objectAt(event, 'status');
  const status = statusOf(objectAt(statusBlock, 'type'));
  const home = teamOf(side('home'), status);
  const away = teamOf(side('away'), status);
  if (!home || !away) return null;
  const start = new Date(textOf(competition.date) ?? textOf(event.date) ?? Number.NaN);
  const live = status === 'in_progress';
  const type = objectAt(statusBlock, 'type');
  const odds = oddsOf(competition.odds, home.abbreviation, away.abbreviation);
  return {
    feedEventId,
    startsAt: Number.isNaN(start.getTime()) ? null : start,
    status,
    home,
    away,
    period: live ? (numberOf(statusBlock?.period) ?? null) : null,
    clock: live ? textOf(statusBlock?.displayClock) : null,
    detail: textOf(type?.shortDetail) ?? textOf(type?.detail),
    ...odds,
  };
}

const STATUS_NAMES: Record<string, GameStatus> = {
  STATUS_SCHEDULED: 'scheduled',
  STATUS_IN_PROGRESS: 'in_progress',
  STATUS_HALFTIME: 'in_progress',
  STATUS_END_PERIOD: 'in_progress',
  STATUS_FINAL: 'final',
  STATUS_FINAL_OT: 'final',
  STATUS_FULL_TIME: 'final',
  STATUS_POSTPONED: 'postponed',
  STATUS_CANCELED: 'canceled',
  STATUS_CANCELLED: 'canceled',
  STATUS_SUSPENDED: 'suspended',
  STATUS_FORFEIT: 'canceled',
};

/** An unknown name by its state; after and not completed is treated as postponed by grading. */
function statusOf(type: Json | undefined): GameStatus {
  const name = typeof type?.name === 'string' ? type.name.toUpperCase() : '';
  const known = STATUS_NAMES[name];
  if (known) return known;
  if (/DELAY/.test(name)) return type?.state === 'pre' ? 'scheduled' : 'in_progress';
  switch (type?.state) {
    case 'in':
      return 'in_progress';
    case 'post':
      return type.completed === false ? 'postponed' : 'final';
    default:
      return 'scheduled';
  }
}

function teamOf(entry: unknown, status: GameStatus): FeedTeam | null {
  if (!isObject(entry)) return null;
  const team = objectAt(entry, 'team');
  const abbreviation = textOf(team?.abbreviation) ?? textOf(team?.shortDisplayName);
  if (!abbreviation) return null;
  const name =
    textOf(team?.displayName) ?? textOf(team?.name) ?? textOf(team?.location) ?? abbreviation;
  // Before kickoff ESPN says "0": no score yet, not a score of nothing.
  const rawScore = isObject(entry.score) ? entry.score.value : entry.score;
  const score = status === 'scheduled' ? null : numberOf(rawScore);
  return {
    abbreviation,
    name,
    score: score === null ? null : Math.max(0, Math.round(score)),
  };
}

/** `spread` is already the home team's; without it, `details` names the favourite ("DEN -2.5") or "EVEN". */
function oddsOf(
  value: unknown,
  home: string,
  away: string,
): { homeSpread: number | null; total: number | null } {
  const providers = Array.isArray(value) ? value.filter(isObject) : [];
  let homeSpread: number | null = null;
  let total: number | null = null;
  for (const odds of providers) {
    homeSpread ??= numberOf(odds.spread) ?? spreadFromDetails(textOf(odds.details), home, away);
    total ??= numberOf(odds.overUnder);
  }
  return { homeSpread: sane(homeSpread, 100), total: sane(total, 1000) };
}

const sane = (line: number | null, limit: number) =>
  line !== null && Math.abs(line) < limit ? Math.round(line * 10) / 10 : null;

function spreadFromDetails(details: string | null, home: string, away: string): number | null {
  if (!details) return null;
  if (/^(even|pk|pick('?em)?)$/i.test(details)) return 0;
  const match = /^(\S+)\s+([-+]?\d+(?:\.\d+)?)$/.exec(details);
  if (!match?.[1] || !match[2]) return null;
  const points = Math.abs(Number(match[2]));
  if (match[1].toUpperCase() === home.toUpperCase()) return -points;
  if (match[1].toUpperCase() === away.toUpperCase()) return points;
  return null;
}
