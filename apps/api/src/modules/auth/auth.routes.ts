import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import { authOf, signedIn } from '../../plugins/auth';
import { ipRateLimit } from '../../plugins/rate-limit';
import { toSessionUser } from '../customers/customers.wire';
import { login, revokeSession } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /app_api/login', {
      tags: ['auth'],
      summary: 'Sign in with email and password for one user type',
      failures: [400, 429, 503],
    }),
    config: ipRateLimit,
    handler: async (request) => {
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
  });

  app.route({
    ...apiRoute('POST /app_api/log_out', {
      tags: ['auth'],
      summary: 'End the session of the token in x-sh-auth',
      failures: [401],
    }),
    config: signedIn,
    handler: async (request) => {
      await revokeSession({ domain: app.domain, sessionId: authOf(request).sessionId });
      return { code: 200, message: 'Logged out successfully.' };
    },
  });
};
