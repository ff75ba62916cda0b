import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, MSG } from '@movehub/shared';
import { z } from 'zod';
import type { SocialProvider } from '../../adapters/social/social-verifier';
import { apiRoute } from '../../lib/api-route';
import { authOf, customerOnly, signedIn } from '../../plugins/auth';
import { ipRateLimit } from '../../plugins/rate-limit';
import { toSessionUser } from '../customers/customers.wire';
import { changePassword, requestPasswordReset, resetPassword } from './passwords.service';
import { updateCustomer } from './profile.service';
import { checkEmailAndPhone, registerCustomer } from './registration.service';
import { socialLogin } from './social.service';
import { sendEmailCode, sendPhoneCode, verifyCode } from './verification.service';

/** A social sign-in's 400 may carry phone_required (the browser's ENTER_PHONE step). */
const socialErrorSchema = errorEnvelopeSchema.extend({
  phone_required: z.literal(true).optional(),
});

/**
 * The accounts calls of spec/portal.md §7: sign-up with email and phone codes, Google and
 * Facebook sign-in, password reset and change, profile update. Rules live in the services.
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailer, sms, social } = app;
  const ttlDays = app.config.sessionTtlDays;

  // --- sign-up ----------------------------------------------------------------------------

  app.route({
    ...apiRoute('POST /app_api/validateEmailandPhone', {
      tags: ['accounts'],
      summary: 'Whether the email and the phone are still free for a new customer',
      failures: [409, 429],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      await checkEmailAndPhone({
        db: app.db,
        email: request.body.email,
        phone: request.body.phone,
      });
      return { code: 200, message: MSG.emailAndPhoneAvailable };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/send_verification_code_on_email', {
      tags: ['accounts'],
      summary: 'Email a 6-digit code (10 minutes, single use; 1 a minute and 5 an hour)',
      failures: [429],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      await sendEmailCode({
        db: app.db,
        mailer,
        email: request.body.email,
        name: request.body.name,
      });
      return { code: 200, message: MSG.emailCodeSent };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/verify_code_send_on_email', {
      tags: ['accounts'],
      summary: 'Check the emailed code; a verified code proves the email for 30 minutes, once',
      failures: [400, 429],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      const { email, code } = request.body;
      await verifyCode({ db: app.db, channel: 'email', target: email, code });
      return { code: 200, message: MSG.emailVerified };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/send_verification_code_on_ph_number', {
      tags: ['accounts'],
      summary: 'Text a 6-digit code (10 minutes, single use; 1 a minute and 5 an hour)',
      failures: [429],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      await sendPhoneCode({ db: app.db, sms, phone: request.body.phonenumber });
      return { code: 200, message: MSG.phoneCodeSent };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/verify_code_send_on_phone_number', {
      tags: ['accounts'],
      summary: 'Check the texted code; a verified code proves the phone for 30 minutes, once',
      failures: [400, 429],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      const { phonenumber, code } = request.body;
      await verifyCode({ db: app.db, channel: 'sms', target: phonenumber, code });
      return { code: 200, message: MSG.phoneVerified };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/register_customer', {
      tags: ['accounts'],
      summary: 'Create a customer account from verified email (and phone) and sign it in',
      failures: [400, 409, 429, 503],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      const body = request.body;
      const { token, user } = await registerCustomer({
        db: app.db,
        ttlDays,
        input: {
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.email,
          phone: body.phone,
          password: body.password,
          howFoundUs: body.how_found_us,
          referenceCode: body.reference_code,
        },
      });
      return {
        code: 200,
        message: MSG.registered,
        data: { auth_token: token, user: toSessionUser(user) },
      };
    },
  });

  // --- Google and Facebook ------------------------------------------------------------------

  app.route({
    ...apiRoute('GET /app_api/social_config', {
      tags: ['accounts'],
      summary: 'The public client ids of the configured sign-in providers (null when off)',
    }),
    handler: async () => ({
      code: 200,
      message: MSG.ok,
      google_client_id: app.config.social.googleClientId ?? null,
      facebook_app_id: app.config.social.facebook?.appId ?? null,
    }),
  });

  for (const provider of ['google', 'facebook'] as const satisfies SocialProvider[]) {
    app.route({
      ...apiRoute(`POST /api/customer/login_by_${provider}`, {
        tags: ['accounts'],
        summary: `Sign in with ${provider === 'google' ? 'a Google ID token' : 'a Facebook access token'}; 400 phone_required asks for a verified phone`,
        failures: [409, 429],
        failureSchemas: { 400: socialErrorSchema },
      }),
      config: ipRateLimit,
      handler: async (request) => {
        const { token, user } = await socialLogin({
          db: app.db,
          provider,
          verifier: social[provider],
          token: request.body.access_token,
          phone: request.body.phone_number,
          ttlDays,
        });
        return {
          code: 200,
          message: 'Login successfully',
          data: { auth_token: token, user: toSessionUser(user) },
        };
      },
    });
  }

  // --- passwords ----------------------------------------------------------------------------

  app.route({
    ...apiRoute('POST /app_api/reset_password', {
      tags: ['accounts'],
      summary: 'Email a single-use reset link (30 minutes); the link is never in the response',
      failures: [400, 429],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      // The link leads to the configured site (PUBLIC_URL, else http://HOST:PORT), never to the
      // request's Host header: whoever asks for the reset chooses that header.
      const { email, user_type } = request.body;
      await requestPasswordReset({
        db: app.db,
        mailer,
        email,
        userType: user_type,
        origin: app.config.publicUrl,
      });
      return { code: 200, message: MSG.resetLinkSent };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/change_password', {
      tags: ['accounts'],
      summary: 'Set a new password from a reset link; every session of the account ends',
      failures: [400, 429, 503],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      const { jwt_token, password } = request.body;
      await resetPassword({ domain: app.domain, token: jwt_token, password });
      return { code: 200, message: MSG.passwordChanged };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/update_password', {
      tags: ['accounts'],
      summary:
        'Change the password of the signed-in user (the current one required if it has one); its other sessions end and the owner is emailed',
      failures: [400, 401, 429, 503],
    }),
    config: { ...ipRateLimit, ...signedIn },
    handler: async (request) => {
      const { user, sessionId } = authOf(request);
      await changePassword({
        domain: app.domain,
        mailer,
        protection: app.loginProtection,
        user,
        sessionId,
        ip: request.ip,
        currentPassword: request.body.current_password,
        password: request.body.password,
        origin: app.config.publicUrl,
      });
      return { code: 200, message: MSG.passwordUpdated };
    },
  });

  // --- profile ------------------------------------------------------------------------------

  app.route({
    ...apiRoute('PUT /api/customer/update_customer', {
      tags: ['accounts'],
      summary:
        "Update the signed-in customer's profile; a new email or phone needs a verified code",
      failures: [400, 401, 403, 409],
    }),
    config: customerOnly,
    handler: async (request) => {
      const body = request.body;
      const user = await updateCustomer({
        db: app.db,
        storage: app.storage,
        user: authOf(request).user,
        changes: {
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.email,
          phone: body.phone,
          howFoundUs: body.how_found_us,
          profilePicture: body.profile_pic,
        },
      });
      return { code: 200, message: MSG.profileUpdated, data: toSessionUser(user) };
    },
  });
};
