import type { SocialProfile, SocialVerifier } from './social-verifier';

/**
 * Tests only (SOCIAL_SANDBOX, refused outside NODE_ENV=test): a token
 * 'sandbox:<subject>:<email>:<first>:<last>' stands for a provider's verified answer; an empty
 * email means the provider gave none. Anything else is an invalid token.
 */
export class SandboxVerifier implements SocialVerifier {
  async verify(token: string): Promise<SocialProfile | null> {
    const parts = token.split(':');
    if (parts.length !== 5 || parts[0] !== 'sandbox') return null;
    const [, subject = '', email = '', firstName = '', lastName = ''] = parts;
    if (!subject) return null;
    return {
      subject,
      email: email ? email.toLowerCase() : null,
      emailVerified: Boolean(email),
      firstName,
      lastName,
    };
  }
}
