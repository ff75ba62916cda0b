import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { FacebookVerifier } from './facebook';
import { GoogleVerifier } from './google';
import { SandboxVerifier } from './sandbox';
import type { SocialVerifiers } from './social-verifier';

/**
 * A verifier per configured provider; null means sign-in with it is not configured. The sandbox
 * verifier (tests only: config refuses SOCIAL_SANDBOX outside NODE_ENV=test) stands in for both.
 */
export function createSocialVerifiers(opts: {
  config: Config;
  log: FastifyBaseLogger;
}): SocialVerifiers {
  const { social } = opts.config;
  if (social.sandbox) {
    const sandbox = new SandboxVerifier();
    return { google: sandbox, facebook: sandbox };
  }
  return {
    google: social.googleClientId
      ? new GoogleVerifier({ clientId: social.googleClientId, log: opts.log })
      : null,
    facebook: social.facebook ? new FacebookVerifier({ ...social.facebook, log: opts.log }) : null,
  };
}
