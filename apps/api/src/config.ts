import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SEED_DEMO: bool.optional(),
    PUBLIC_URL: z.string().url().optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    const dataDir = path.resolve(env.DATA_DIR);
    return {
      env: env.NODE_ENV,
      production,
      port: env.PORT,
      // Outside production listen on loopback only, so a laptop does not expose the demo.
      host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
      dataDir,
      databaseUrl: env.DATABASE_URL,
      logLevel: env.LOG_LEVEL,
      // The demo customer (and later demo companies) exist in the embedded mode only.
      seedDemo: env.SEED_DEMO ?? !production,
      publicUrl: env.PUBLIC_URL,
      webDistDir: env.WEB_DIST_DIR,
      sessionTtlDays: env.SESSION_TTL_DAYS,
    };
  });

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; a wrong value stops start-up with a list of what is wrong. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
