import path from 'node:path';
import { z } from 'zod';
import { isValidSource } from '../modules/master-props/sheet-source';

const sheetSourceSchema = (name: string) =>
  z.string().refine(isValidSource, {
    error: `${name} must be an http(s) address of a CSV export or a file path`,
  });

/** Parsed once at start-up; a bad value stops the process with a message naming the variable. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: the app runs its own embedded PostgreSQL in DATA_DIR. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().default('./data'),
    /** Browsers only send the session cookie back over HTTPS when this is on. */
    COOKIE_SECURE: z.enum(['true', 'false', 'auto']).default('auto'),
    /** Proxies in front that set X-Forwarded-*: `true` for one, a number for a chain. Only those hops are believed. */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context) => {
        if (value === 'true') return 1;
        if (value === 'false') return 0;
        if (/^\d{1,2}$/.test(value)) return Number(value);
        context.addIssue({
          code: 'custom',
          message: 'TRUST_PROXY must be true, false or a number of proxies',
        });
        return z.NEVER;
      }),
    /** For a whole request, headers and body (ms). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** Then 503 (ms). */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    /** A slower statement is cancelled and the request answers 503 (ms). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** On SIGTERM/SIGINT, for requests in flight to finish (ms). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Per client IP per minute. */
    AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** `false` in development, where Vite serves the client. */
    SERVE_CLIENT: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Unset hides Donate and the donation dialog. Only http(s): it becomes a link on every page. */
    DONATE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** A CSV export's http(s) address or a file path (relative to the working directory). Unset: no sync. */
    MASTER_PROPS_SOURCE_NFL: sheetSourceSchema('MASTER_PROPS_SOURCE_NFL').optional(),
    MASTER_PROPS_SOURCE_NCAAF: sheetSourceSchema('MASTER_PROPS_SOURCE_NCAAF').optional(),
    /** The shipped example sheets when there are no master props yet. auto: only on the embedded database with no source. */
    MASTER_PROPS_EXAMPLES: z.enum(['auto', 'true', 'false']).default('auto'),
    /** docs/notifications.md. Unset: a pair is generated on the first start and stored. Both keys or neither. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,90}$/)
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,45}$/)
      .optional(),
    /** A mailto: or https: address. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, {
        error: 'VAPID_SUBJECT must be a mailto: or https: address',
      })
      .optional(),
    /** Besides the browsers' own, comma-separated. */
    PUSH_SERVICE_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim())
          .filter(Boolean),
      ),
    PUSH_SCAN_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
    /** pg-boss allows 500 ms at least. */
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(500).default(2_000),
    RECAP_BATCH_SECONDS: z.coerce.number().min(0).default(60),
    ROUND_WINNERS_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
    /** smtp://user:pass@host:587 or smtps://…:465. Unset: e-mail is off. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// address' })
      .optional(),
    MAIL_FROM: z.string().min(3).default("Pick'em <pickem@localhost>"),
    /** For links in e-mails. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** ESPN's scoreboard API or anything answering its shape at `{url}/{sportPath}/scoreboard?dates=YYYYMMDD`. */
    SCORES_FEED_URL: z
      .url({ protocol: /^https?$/, error: 'SCORES_FEED_URL must be an http(s) address' })
      .default('https://site.api.espn.com/apis/site/v2/sports'),
    /** off: games are not fetched, linked props are not graded. */
    SCORES_FEED: z.enum(['on', 'off']).default('on'),
    /** For started games not yet graded. */
    SCORES_POLL_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
    SCORES_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .refine((env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY), {
    error: 'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    path: ['VAPID_PRIVATE_KEY'],
  });

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

export function wantsExampleMasterProps(env: Env): boolean {
  if (env.MASTER_PROPS_EXAMPLES !== 'auto') return env.MASTER_PROPS_EXAMPLES === 'true';
  return !env.DATABASE_URL && !env.MASTER_PROPS_SOURCE_NFL && !env.MASTER_PROPS_SOURCE_NCAAF;
}
