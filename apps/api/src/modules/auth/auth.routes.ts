import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema, loginResponseSchema, okEnvelopeSchema } from '@movehub/shared';
import { responses } from '../../lib/wire';
import { authOf, signedIn } from '../../plugins/auth';
import { ipRateLimit } from '../../plugins/rate-limit';
import { toSessionUser } from '../customers/customers.wire';
import { login, revokeSession } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/app_api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password for one user type',
        body: loginBodySchema,
        response: responses(loginResponseSchema, 400, 429, 503),
      },
      config: ipRateLimit,
    },
    async (request) => {
      const { email, password, user_type } = request.body;
      const { token, user } = await login({
        db: app.db,
        email,
        password,
        userType: user_type,
        ttlDays: app.config.sessionTtlDays,
        ip: request.ip,
        protection: app.loginProtection,
      });
      return {
        code: 200,
        message: 'Login successfully',
        data: { auth_token: token, user: toSessionUser(user) },
      };
    },
  );

  app.post(
    '/app_api/log_out',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of the token in x-sh-auth',
        response: responses(okEnvelopeSchema, 401),
      },
      config: signedIn,
    },
    async (request) => {
      await revokeSession({ domain: app.domain, sessionId: authOf(request).sessionId });
      return { code: 200, message: 'Logged out successfully.' };
    },
  );
};
