import type { FastifyBaseLogger } from 'fastify';
import { OAuth2Client } from 'google-auth-library';
import type { SocialProfile, SocialVerifier } from './social-verifier';

/**
 * Google Identity Services hands the browser an ID token (a JWT signed by Google). It is checked
 * here against Google's public keys, its issuer, expiry and audience (our client id).
 */
export class GoogleVerifier implements SocialVerifier {
  private readonly client: OAuth2Client;

  constructor(private readonly opts: { clientId: string; log: FastifyBaseLogger }) {
    this.client = new OAuth2Client({ clientId: opts.clientId });
  }

  async verify(token: string): Promise<SocialProfile | null> {
    let payload;
    try {
      const ticket = await this.client.verifyIdToken({
        idToken: token,
        audience: this.opts.clientId,
      });
      payload = ticket.getPayload();
    } catch (err) {
      this.opts.log.info({ err }, 'google sign-in: token refused');
      return null;
    }
    if (!payload?.sub) return null;
    return {
      subject: payload.sub,
      email: payload.email?.toLowerCase() ?? null,
      emailVerified: payload.email_verified === true,
      firstName: payload.given_name ?? '',
      lastName: payload.family_name ?? '',
    };
  }
}
