import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 answering ESPN's scoreboard shape
 * (`/{sportPath}/scoreboard?dates=YYYYMMDD`), whose games the test changes over time, and
 * which can fail the ways a real feed does.
 */
export type FeedFailure = 'http-500' | 'hang' | 'truncated' | 'hostile' | 'not-json';

export interface FakeEvent {
  id: string;
  date: string;
  home: string;
  away: string;
  /** ESPN's status name, e.g. STATUS_SCHEDULED, STATUS_IN_PROGRESS, STATUS_FINAL. */
  status?: string;
  homeScore?: number;
  awayScore?: number;
  period?: number;
  clock?: string;
  spread?: number;
  overUnder?: number;
}

const STATE_OF: Record<string, string> = {
  STATUS_SCHEDULED: 'pre',
  STATUS_POSTPONED: 'post',
  STATUS_CANCELED: 'post',
  STATUS_FINAL: 'post',
};

/** One event in ESPN's shape (as the recorded fixtures have it). */
export function espnEvent(event: FakeEvent) {
  const status = event.status ?? 'STATUS_SCHEDULED';
  const state = STATE_OF[status] ?? 'in';
  const competitor = (homeAway: string, abbreviation: string, score?: number) => ({
    homeAway,
    score: String(score ?? 0),
    team: { abbreviation, displayName: `${abbreviation} Team` },
  });
  return {
    id: event.id,
    date: event.date,
    competitions: [
      {
        id: event.id,
        date: event.date,
        status: {
          period: event.period ?? 0,
          displayClock: event.clock ?? '0:00',
          type: {
            name: status,
            state,
            completed: status === 'STATUS_FINAL',
            shortDetail: status === 'STATUS_FINAL' ? 'Final' : (event.clock ?? 'Scheduled'),
          },
        },
        competitors: [
          competitor('home', event.home, event.homeScore),
          competitor('away', event.away, event.awayScore),
        ],
        ...(event.spread !== undefined && {
          odds: [
            {
              details: `${event.spread <= 0 ? event.home : event.away} ${-Math.abs(event.spread)}`,
              spread: event.spread,
              overUnder: event.overUnder,
            },
          ],
        }),
      },
    ],
  };
}

export class FakeScoresFeed {
  /** Events per `{sportPath}|{day}`. */
  private readonly days = new Map<string, FakeEvent[]>();
  /** Every request, as `{sportPath}|{day}`. */
  readonly requests: string[] = [];
  /** When each request came (ms since the epoch), in the order of `requests`. */
  readonly requestTimes: number[] = [];
  failure: FeedFailure | null = null;
  private readonly hanging = new Set<http.ServerResponse>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeScoresFeed> {
    const answering: { feed?: FakeScoresFeed } = {};
    const server = http.createServer((request, response) =>
      answering.feed?.answer(request, response),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    answering.feed = new FakeScoresFeed(server, `http://127.0.0.1:${port}/sports`);
    return answering.feed;
  }

  /** Sets what the feed says about one sport's day (sportPath as ESPN's, e.g. football/nfl). */
  set(sportPath: string, day: string, events: FakeEvent[]) {
    this.days.set(`${sportPath}|${day}`, events);
  }

  /** Changes one event wherever it is listed. */
  update(id: string, change: Partial<FakeEvent>) {
    for (const [key, events] of this.days) {
      this.days.set(
        key,
        events.map((event) => (event.id === id ? { ...event, ...change } : event)),
      );
    }
  }

  requestsFor(sportPath: string, day: string) {
    return this.timesOf(sportPath, day).length;
  }

  /** When the requests for one sport's day came. */
  timesOf(sportPath: string, day: string) {
    return this.requestTimes.filter((_, index) => this.requests[index] === `${sportPath}|${day}`);
  }

  private answer(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/sports\/(.+)\/scoreboard$/.exec(url.pathname);
    const day = url.searchParams.get('dates') ?? '';
    if (!match?.[1]) {
      response.writeHead(404).end();
      return;
    }
    const key = `${match[1]}|${day}`;
    this.requests.push(key);
    this.requestTimes.push(Date.now());
    const body = JSON.stringify({ events: (this.days.get(key) ?? []).map(espnEvent) });
    const json = { 'content-type': 'application/json' };
    switch (this.failure) {
      case 'http-500':
        response.writeHead(500, json).end('{"error":"internal"}');
        return;
      case 'hang':
        this.hanging.add(response);
        return;
      case 'truncated':
        response.writeHead(200, json).end(body.slice(0, Math.floor(body.length / 2)));
        return;
      case 'hostile':
        response
          .writeHead(200, json)
          .end(`{"__proto__":{"polluted":true},"events":${'['.repeat(5000)}${']'.repeat(5000)}}`);
        return;
      case 'not-json':
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sorry</html>');
        return;
      default:
        response.writeHead(200, json).end(body);
    }
  }

  async stop() {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
