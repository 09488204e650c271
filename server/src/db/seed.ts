// `npm run db:seed`: a development login and a populated group on the database the server
// would use (stop `npm start` / `npm run dev` first: one PostgreSQL at a time owns DATA_DIR).
// Everything goes through the real API, so the data obeys a user's rules. Run again, it
// only prints the login.
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { authContract } from '@shared/contract/auth';
import { conversationContract } from '@shared/contract/conversation';
import { groupsContract } from '@shared/contract/groups';
import { pathFor } from '@shared/contract/path';
import { propsContract } from '@shared/contract/props';
import { buildApp } from '../app';
import { readEnv } from '../config/env';
import { openDatabase } from './open-database';

/** The development login (also the operator when the database had no account yet). */
export const DEV_LOGIN = { username: 'dev', password: 'dev-pass', displayName: 'Dev Leader' };
const MEMBERS = [
  { username: 'ann', password: 'dev-pass', displayName: 'Ann Member' },
  { username: 'bea', password: 'dev-pass', displayName: 'Bea Member' },
  { username: 'cal', password: 'dev-pass', displayName: 'Cal Member' },
];

interface Endpoint {
  method: string;
  path: string;
}

class Caller {
  private cookie = '';
  constructor(private readonly app: FastifyInstance) {}

  async call<T>(
    endpoint: Endpoint,
    { params = {}, body }: { params?: Record<string, number>; body?: unknown } = {},
  ): Promise<T> {
    const response = await this.app.inject({
      method: endpoint.method as 'GET',
      url: pathFor(endpoint.path, params),
      headers: this.cookie ? { cookie: this.cookie } : {},
      ...(body !== undefined && { payload: body as object }),
    });
    if (response.statusCode >= 400) {
      throw new Error(
        `${endpoint.method} ${endpoint.path}: ${response.statusCode} ${response.body}`,
      );
    }
    const session = response.cookies.find((cookie) => cookie.name === 'pickem_session');
    if (session) this.cookie = `${session.name}=${session.value}`;
    return (response.body ? JSON.parse(response.body) : undefined) as T;
  }
}

async function seed(app: FastifyInstance) {
  const dev = new Caller(app);
  const existing = await app.inject({
    method: 'POST',
    url: authContract.login.path,
    payload: { username: DEV_LOGIN.username, password: DEV_LOGIN.password },
  });
  if (existing.statusCode === 200) return 'already seeded';

  const { user } = await dev.call<{ user: { isAdmin: boolean } }>(authContract.register, {
    body: DEV_LOGIN,
  });
  const { group } = await dev.call<{ group: { id: number; code: string } }>(groupsContract.create, {
    body: { name: 'Sunday Pool' },
  });
  const members = [];
  for (const account of MEMBERS) {
    const member = new Caller(app);
    await member.call(authContract.register, { body: account });
    await member.call(groupsContract.join, { body: { code: group.code } });
    members.push(member);
  }

  for (const game of [
    { sport: 'NFL', away: 'Bills', home: 'Jets' },
    { sport: 'NBA', away: 'Celtics', home: 'Knicks' },
  ] as const) {
    await dev.call(propsContract.generateProps, { params: { id: group.id }, body: { game } });
  }
  const props = await dev.call<{ id: number; options: { value: string }[] }[]>(propsContract.list, {
    params: { id: group.id },
  });
  // Everyone picks on the first eight props, each a different way round.
  const picked = props.slice(0, 8);
  for (const [memberIndex, member] of [dev, ...members].entries()) {
    for (const [propIndex, prop] of picked.entries()) {
      const option = prop.options[(memberIndex + propIndex) % prop.options.length];
      if (!option) continue;
      await member.call(propsContract.createPick, {
        body: { predictionId: prop.id, selectedOption: option.value },
      });
    }
  }
  // The first four are decided, so the leaderboard, stats and activity have something.
  for (const prop of picked.slice(0, 4)) {
    const result = prop.options[0]?.value;
    if (result) {
      await dev.call(propsContract.update, { params: { id: prop.id }, body: { result } });
    }
  }
  // Some talk: the thread, a comment on a decided prop and one on an open one (sealed).
  const [ann, bea] = members;
  const firstDecided = picked[0];
  const open = picked[5];
  if (ann && bea && firstDecided && open) {
    const thread = { params: { id: group.id } };
    await ann.call(conversationContract.postToThread, {
      ...thread,
      body: { body: 'Who is bringing the wings on Sunday?' },
    });
    await dev.call(conversationContract.postToThread, {
      ...thread,
      body: { body: 'Me. Picks lock at kickoff, get them in!' },
    });
    await bea.call(conversationContract.commentOnProp, {
      params: { id: firstDecided.id },
      body: { body: 'Called it.' },
    });
    await ann.call(conversationContract.commentOnProp, {
      params: { id: open.id },
      body: { body: 'Sealed until kickoff. You will see.' },
    });
  }
  return `seeded${user.isAdmin ? ' (dev is the operator: it was the first account)' : ''}`;
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = readEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = await buildApp({ db: database.db, authAttempts: { max: 1000, windowMs: 60_000 } });
  try {
    const outcome = await seed(app);
    console.log(
      `Database ${database.description}: ${outcome}.\n` +
        `Sign in as "${DEV_LOGIN.username}" / "${DEV_LOGIN.password}" (leader of "Sunday Pool"); ` +
        `members ${MEMBERS.map(({ username }) => username).join(', ')} use the same password.`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
