import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SocialProfile, SocialVerifier } from './social-verifier';

const GRAPH = 'https://graph.facebook.com/v21.0';

interface DebugTokenAnswer {
  data?: { is_valid?: boolean; app_id?: string; user_id?: string };
}
interface MeAnswer {
  id?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

/**
 * The Facebook SDK hands the browser a user access token. debug_token (with our app token)
 * proves the token is valid and was issued to OUR app (a token from another app must not sign
 * anyone in here); /me then reads the person, with appsecret_proof.
 */
export class FacebookVerifier implements SocialVerifier {
  constructor(
    private readonly opts: {
      appId: string;
      appSecret: string;
      log: FastifyBaseLogger;
      fetch?: typeof fetch;
    },
  ) {}

  async verify(token: string): Promise<SocialProfile | null> {
    const { appId, appSecret } = this.opts;
    const debug = await this.get<DebugTokenAnswer>(
      `${GRAPH}/debug_token?${new URLSearchParams({
        input_token: token,
        access_token: `${appId}|${appSecret}`,
      })}`,
    );
    const data = debug?.data;
    if (!data?.is_valid || data.app_id !== appId || !data.user_id) return null;

    const proof = createHmac('sha256', appSecret).update(token).digest('hex');
    const me = await this.get<MeAnswer>(
      `${GRAPH}/me?${new URLSearchParams({
        fields: 'id,email,first_name,last_name',
        access_token: token,
        appsecret_proof: proof,
      })}`,
    );
    if (!me?.id || me.id !== data.user_id) return null;
    return {
      subject: me.id,
      email: me.email?.toLowerCase() ?? null,
      // Facebook returns only an email its user has confirmed.
      emailVerified: Boolean(me.email),
      firstName: me.first_name ?? '',
      lastName: me.last_name ?? '',
    };
  }

  /** The JSON answer, or null when Facebook refuses (an invalid token answers 400). */
  private async get<T>(url: string): Promise<T | null> {
    const res = await (this.opts.fetch ?? globalThis.fetch)(url, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      this.opts.log.info({ status: res.status }, 'facebook sign-in: graph api refused');
      return null;
    }
    return (await res.json()) as T;
  }
}
