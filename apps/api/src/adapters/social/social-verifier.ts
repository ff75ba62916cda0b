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
