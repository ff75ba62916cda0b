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
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://movehub.example' }),
    ).toMatchObject({
      host: '0.0.0.0',
      seedDemo: false,
      trustProxyHops: 0,
    });
  });

  it('requires PUBLIC_URL in production, so that emailed links never come from the Host header', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL is required in production/,
    );
  });

  it('has a per-IP ceiling of 300 calls a minute unless IP_RATE_LIMIT_PER_MINUTE says otherwise', () => {
    expect(loadConfig({}).ipRateLimitPerMinute).toBe(300);
    expect(loadConfig({ IP_RATE_LIMIT_PER_MINUTE: '20' }).ipRateLimitPerMinute).toBe(20);
    expect(() => loadConfig({ IP_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/IP_RATE_LIMIT_PER_MINUTE/);
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
