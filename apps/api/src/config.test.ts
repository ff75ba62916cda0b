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

  it('resolves one public URL for emailed links: PUBLIC_URL, else http://HOST:PORT', () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '192.168.1.5', PORT: '8080' }).publicUrl).toBe(
      'http://192.168.1.5:8080',
    );
    expect(loadConfig({ HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://movehub.example/' }).publicUrl,
    ).toBe('https://movehub.example');
  });

  it('bounds password hashing: HASH_CONCURRENCY at once, HASH_QUEUE_MAX waiting', () => {
    const defaults = loadConfig({}).hashing;
    expect(defaults.concurrency).toBeGreaterThanOrEqual(1);
    expect(defaults.concurrency).toBeLessThanOrEqual(4);
    expect(defaults.maxWaiting).toBe(16);
    expect(loadConfig({ HASH_CONCURRENCY: '2', HASH_QUEUE_MAX: '0' }).hashing).toEqual({
      concurrency: 2,
      maxWaiting: 0,
    });
    expect(() => loadConfig({ HASH_CONCURRENCY: '0' })).toThrow(/HASH_CONCURRENCY/);
  });

  it('has a per-IP ceiling of 300 calls a minute unless IP_RATE_LIMIT_PER_MINUTE says otherwise', () => {
    expect(loadConfig({}).ipRateLimitPerMinute).toBe(300);
    expect(loadConfig({ IP_RATE_LIMIT_PER_MINUTE: '20' }).ipRateLimitPerMinute).toBe(20);
    expect(() => loadConfig({ IP_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/IP_RATE_LIMIT_PER_MINUTE/);
  });

  it('bounds uploads by 100 MB an hour per address and 10 GB in all unless told otherwise', () => {
    expect(loadConfig({}).uploads).toEqual({
      quotaBytesPerHour: 100 * 1024 * 1024,
      storageMaxBytes: 10 * 1024 * 1024 * 1024,
    });
    expect(
      loadConfig({ UPLOAD_QUOTA_BYTES_PER_HOUR: '52428800', UPLOAD_STORAGE_MAX_BYTES: '1e9' })
        .uploads,
    ).toEqual({ quotaBytesPerHour: 52_428_800, storageMaxBytes: 1_000_000_000 });
    // Below one full-size upload, no upload could ever pass.
    expect(() => loadConfig({ UPLOAD_QUOTA_BYTES_PER_HOUR: '1000' })).toThrow(
      /UPLOAD_QUOTA_BYTES_PER_HOUR: must be at least one full-size upload/,
    );
    expect(() => loadConfig({ UPLOAD_STORAGE_MAX_BYTES: 'lots' })).toThrow(
      /UPLOAD_STORAGE_MAX_BYTES/,
    );
  });

  it('works jobs in every process but the tests’, unless JOB_WORKERS says otherwise', () => {
    expect(loadConfig({}).jobWorkers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).jobWorkers).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JOB_WORKERS: 'true' }).jobWorkers).toBe(true);
    expect(loadConfig({ JOB_WORKERS: 'false' }).jobWorkers).toBe(false);
  });

  it('runs the demo simulator outside production unless DEMO_SIMULATOR=0, within 10 s by default', () => {
    expect(loadConfig({}).demoSimulator).toEqual({
      enabled: true,
      maxDelayMs: 10_000,
      proposeChanges: true,
      driveMs: 30_000,
      graceMs: 30_000,
    });
    // A console's grace period: three times the delay unless set.
    expect(loadConfig({ DEMO_SIMULATOR_DELAY_MS: '400' }).demoSimulator.graceMs).toBe(1_200);
    expect(loadConfig({ DEMO_SIMULATOR_GRACE_MS: '5000' }).demoSimulator.graceMs).toBe(5_000);
    expect(() => loadConfig({ DEMO_SIMULATOR_GRACE_MS: '-1' })).toThrow(/DEMO_SIMULATOR_GRACE_MS/);
    expect(loadConfig({ NODE_ENV: 'test' }).demoSimulator.enabled).toBe(true);
    expect(loadConfig({ DEMO_SIMULATOR: '0' }).demoSimulator.enabled).toBe(false);
    expect(loadConfig({ DEMO_SIMULATOR: 'false' }).demoSimulator.enabled).toBe(false);
    expect(loadConfig({ DEMO_SIMULATOR_DELAY_MS: '250' }).demoSimulator.maxDelayMs).toBe(250);
    expect(() => loadConfig({ DEMO_SIMULATOR_DELAY_MS: '-1' })).toThrow(/DEMO_SIMULATOR_DELAY_MS/);
    expect(() => loadConfig({ DEMO_SIMULATOR_DELAY_MS: 'soon' })).toThrow(
      /DEMO_SIMULATOR_DELAY_MS/,
    );
    expect(() => loadConfig({ DEMO_SIMULATOR: 'maybe' })).toThrow(/DEMO_SIMULATOR/);
  });

  it('never runs the demo simulator in production, and refuses to be told to', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://movehub.example' };
    expect(loadConfig(production).demoSimulator.enabled).toBe(false);
    expect(loadConfig({ ...production, DEMO_SIMULATOR: '0' }).demoSimulator.enabled).toBe(false);
    expect(() => loadConfig({ ...production, DEMO_SIMULATOR: '1' })).toThrow(
      /DEMO_SIMULATOR cannot be on in production/,
    );
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
