import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      production: false,
      seedDemo: true,
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('listens on every interface and seeds no demo data in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      host: '0.0.0.0',
      seedDemo: false,
    });
  });

  it('lists every wrong setting in one readable error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('Invalid configuration');
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toContain('NODE_ENV');
  });
});
