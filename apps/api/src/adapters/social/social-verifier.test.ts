import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../../config';
import { FacebookVerifier } from './facebook';
import { GoogleVerifier } from './google';
import { SandboxVerifier } from './sandbox';
import { createSocialVerifiers } from './create-social-verifiers';

const log = pino({ level: 'silent' });

describe('createSocialVerifiers', () => {
  it('enables no provider without configuration', () => {
    expect(createSocialVerifiers({ config: loadConfig({}), log })).toEqual({
      google: null,
      facebook: null,
    });
  });

  it('enables each provider that is configured (Facebook needs the id and the secret)', () => {
    const both = createSocialVerifiers({
      config: loadConfig({
        GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
        FACEBOOK_APP_ID: '1',
        FACEBOOK_APP_SECRET: 's',
      }),
      log,
    });
    expect(both.google).toBeInstanceOf(GoogleVerifier);
    expect(both.facebook).toBeInstanceOf(FacebookVerifier);
    const idOnly = createSocialVerifiers({ config: loadConfig({ FACEBOOK_APP_ID: '1' }), log });
    expect(idOnly.facebook).toBeNull();
  });

  it('uses the sandbox for both providers in tests only', () => {
    const sandbox = createSocialVerifiers({
      config: loadConfig({ NODE_ENV: 'test', SOCIAL_SANDBOX: 'true' }),
      log,
    });
    expect(sandbox.google).toBeInstanceOf(SandboxVerifier);
    expect(sandbox.facebook).toBeInstanceOf(SandboxVerifier);
    expect(() => loadConfig({ NODE_ENV: 'production', SOCIAL_SANDBOX: 'true' })).toThrow(
      /SOCIAL_SANDBOX is for tests only/,
    );
  });
});

describe('SandboxVerifier', () => {
  const sandbox = new SandboxVerifier();

  it('reads sandbox:<subject>:<email>:<first>:<last>', async () => {
    expect(await sandbox.verify('sandbox:abc:Sam@Example.com:Sam:Lee')).toEqual({
      subject: 'abc',
      email: 'sam@example.com',
      emailVerified: true,
      firstName: 'Sam',
      lastName: 'Lee',
    });
    expect(await sandbox.verify('sandbox:abc::Sam:Lee')).toMatchObject({
      email: null,
      emailVerified: false,
    });
  });

  it('refuses anything else', async () => {
    for (const token of ['', 'abc', 'sandbox::a@b.co:A:B', 'sandbox:a:b:c', 'other:a:b@c.co:A:B']) {
      expect(await sandbox.verify(token)).toBeNull();
    }
  });
});
