import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { FacebookVerifier } from './facebook';
import { GoogleVerifier } from './google';
import { SandboxVerifier } from './sandbox';

export type SocialProvider = 'google' | 'facebook';

/** What a provider vouches for after checking a token. */
export interface SocialProfile {
  /** The provider's stable id of the person (Google `sub`, Facebook user id). */
  subject: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  /** Whether the provider verified that the person owns the email. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface SocialVerifier {
  /** The profile behind a token, or null when the provider does not accept the token. */
  verify(token: string): Promise<SocialProfile | null>;
}

export type SocialVerifiers = Record<SocialProvider, SocialVerifier | null>;

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
