import path from 'node:path';
import { z } from 'zod';
import { isValidSource } from '../modules/master-props/sheet-source';

const sheetSourceSchema = (name: string) =>
  z.string().refine(isValidSource, {
    error: `${name} must be an http(s) address of a CSV export or a file path`,
  });

/**
 * Every environment variable the server reads, parsed once at start-up.
 * A bad value stops the process with a message naming the variable.
 */
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
    /**
     * Reverse proxies in front of the app that set X-Forwarded-*: `true` for one, a number
     * for a chain. Only those hops are believed (client IPs for rate limits, HTTPS, host).
     */
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
    /** How long a client may take to send a whole request, headers and body (ms). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** Waiting for a database connection before answering 503 (ms). */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    /** One SQL statement at most (ms); a slower one is cancelled and the request answers 503. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** On SIGTERM/SIGINT, how long requests in flight may take to finish (ms). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Login and register attempts allowed per client IP per minute. */
    AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** `false` in development, where Vite serves the client. */
    SERVE_CLIENT: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * The external donation page behind the header's Donate button and the home's donation
     * dialog; both are hidden when unset. Only http(s), as it becomes a link on every page.
     */
    DONATE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * Each sport's master-props spreadsheet: an http(s) address of a CSV export or a local
     * file path (relative to the working directory). Unset: that sport cannot be synced.
     */
    MASTER_PROPS_SOURCE_NFL: sheetSourceSchema('MASTER_PROPS_SOURCE_NFL').optional(),
    MASTER_PROPS_SOURCE_NCAAF: sheetSourceSchema('MASTER_PROPS_SOURCE_NCAAF').optional(),
    /**
     * Load the shipped example sheets (dates moved to the coming weeks) when there are no
     * master props yet. auto: only on the embedded database with no source configured.
     */
    MASTER_PROPS_EXAMPLES: z.enum(['auto', 'true', 'false']).default('auto'),
    /**
     * Web push (README 'Reminders and recaps'). Unset keys: a pair is generated on the first
     * start and stored in the database. Both keys or neither.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,90}$/)
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,45}$/)
      .optional(),
    /** How push services reach the operator: a mailto: or https: address. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, {
        error: 'VAPID_SUBJECT must be a mailto: or https: address',
      })
      .optional(),
    /** Push service hosts accepted besides the browsers' own, comma-separated. */
    PUSH_SERVICE_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim())
          .filter(Boolean),
      ),
    /** How often each instance asks for a reminder/recap scan. */
    PUSH_SCAN_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
    /** How often job workers poll the queue (pg-boss allows 500 ms at least). */
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(500).default(2_000),
    /** How long a group's results are gathered into one recap. */
    RECAP_BATCH_SECONDS: z.coerce.number().min(0).default(60),
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

/** Whether this start loads the example master-props sheets (when there are none yet). */
export function wantsExampleMasterProps(env: Env): boolean {
  if (env.MASTER_PROPS_EXAMPLES !== 'auto') return env.MASTER_PROPS_EXAMPLES === 'true';
  return !env.DATABASE_URL && !env.MASTER_PROPS_SOURCE_NFL && !env.MASTER_PROPS_SOURCE_NCAAF;
}
