/*
 * The two providers' browser SDKs, loaded on demand (only when the server says the provider is
 * configured) from their official origins. The Content-Security-Policy must allow them:
 *   Google Identity Services: script-src https://accounts.google.com/gsi/client,
 *     frame-src and connect-src https://accounts.google.com/gsi/, style-src
 *     https://accounts.google.com/gsi/style; Cross-Origin-Opener-Policy same-origin-allow-popups;
 *     a Referrer-Policy that sends the origin (strict-origin-when-cross-origin).
 *   Facebook JS SDK: script-src https://connect.facebook.net, frame-src https://www.facebook.com
 *     https://web.facebook.com, connect-src https://graph.facebook.com https://www.facebook.com.
 * Only the minimal surface of each SDK that we use is typed here.
 */

export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
/** The Graph API version the Facebook SDK is initialised with. */
export const FACEBOOK_API_VERSION = 'v21.0';

export interface GoogleCredentialResponse {
  credential?: string;
}

export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: GoogleCredentialResponse) => void;
        ux_mode?: 'popup' | 'redirect';
        auto_select?: boolean;
        cancel_on_tap_outside?: boolean;
      }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type?: 'standard' | 'icon';
          theme?: 'outline' | 'filled_blue' | 'filled_black';
          size?: 'large' | 'medium' | 'small';
          text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
          shape?: 'rectangular' | 'pill';
          logo_alignment?: 'left' | 'center';
          width?: number;
        },
      ): void;
    };
  };
}

export interface FacebookLoginResponse {
  status?: string;
  authResponse?: { accessToken?: string } | null;
}

export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options?: { scope?: string }): void;
}

declare global {
  interface Window {
    google?: GoogleIdentity;
    FB?: FacebookSdk;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds a script once; every caller waits for the same load. A failed load may be retried. */
function loadScript(src: string): Promise<void> {
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Google Identity Services (window.google.accounts.id). */
export async function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (!window.google?.accounts?.id) await loadScript(GOOGLE_SDK_URL);
  if (!window.google?.accounts?.id) throw new Error('Google Identity Services did not start');
  return window.google;
}

/** The app id each loaded SDK object was initialised with (FB.init runs once per app). */
const facebookAppOf = new WeakMap<FacebookSdk, string>();

/** The Facebook JS SDK (window.FB), initialised with the app id once. */
export async function loadFacebookSdk(appId: string): Promise<FacebookSdk> {
  if (!window.FB) await loadScript(FACEBOOK_SDK_URL);
  const sdk = window.FB;
  if (!sdk) throw new Error('The Facebook SDK did not start');
  if (facebookAppOf.get(sdk) !== appId) {
    sdk.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
    facebookAppOf.set(sdk, appId);
  }
  return sdk;
}
