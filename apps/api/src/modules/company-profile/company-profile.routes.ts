import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPANY_PROFILE_TEXT as TEXT, MSG } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, companyOnly } from '../../plugins/auth';
import { ipRateLimit } from '../../plugins/rate-limit';
import { toSessionUser } from '../customers/customers.wire';
import {
  addTruck,
  addZipCode,
  getCompanyProfile,
  inviteForeman,
  removeForeman,
  removeTruck,
  removeZipCode,
  setForemanPassword,
  updateCompanyProfile,
  updateTruck,
} from './company-profile.service';

/*
 * The company's profile in the partner console (tag 'partner'): its public
 * face, served zip codes, trucks and foremen, each change answered with the whole profile. The
 * invited foreman's set-password call is public: the emailed link is his proof.
 */
export const companyProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const companyId = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.route({
    ...apiRoute('POST /api/company/profile', {
      tags: ['partner'],
      summary:
        "The company's profile: name, about, picture, contact, served zip codes, trucks and foremen (invited or active)",
      failures: [401, 403, 404],
    }),
    config: companyOnly,
    handler: async (request) => ({
      code: 200,
      message: MSG.ok,
      data: await getCompanyProfile({ db: app.db, companyId: companyId(request) }),
    }),
  });

  app.route({
    ...apiRoute('POST /api/company/update_profile', {
      tags: ['partner'],
      summary:
        "Change the company's name, about, phone or picture (an upload of ours); absent fields stay",
      failures: [400, 401, 403, 404],
    }),
    config: companyOnly,
    handler: async (request) => {
      const body = request.body;
      const data = await updateCompanyProfile({
        db: app.db,
        storage: app.storage,
        companyId: companyId(request),
        changes: {
          name: body.name,
          about: body.about,
          phone: body.phone,
          profilePicture: body.profile_picture,
        },
      });
      return { code: 200, message: TEXT.profileUpdated, data };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/add_zip_code', {
      tags: ['partner'],
      summary: 'Serve one more zip code (5 digits); 409 when it is served already',
      failures: [401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => ({
      code: 200,
      message: TEXT.zipAdded,
      data: await addZipCode({
        db: app.db,
        companyId: companyId(request),
        zipCode: request.body.zip_code,
      }),
    }),
  });

  app.route({
    ...apiRoute('POST /api/company/remove_zip_code', {
      tags: ['partner'],
      summary: 'Stop serving a zip code; 404 when it is not served',
      failures: [401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => ({
      code: 200,
      message: TEXT.zipRemoved,
      data: await removeZipCode({
        db: app.db,
        companyId: companyId(request),
        zipCode: request.body.zip_code,
      }),
    }),
  });

  app.route({
    ...apiRoute('POST /api/company/add_truck', {
      tags: ['partner'],
      summary: 'Add a truck (active); truck_count follows',
      failures: [401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => ({
      code: 200,
      message: TEXT.truckAdded,
      data: await addTruck({ db: app.db, companyId: companyId(request), name: request.body.name }),
    }),
  });

  app.route({
    ...apiRoute('POST /api/company/update_truck', {
      tags: ['partner'],
      summary:
        "Rename a truck of the company's or mark it active or inactive (inactive: not offered for new moves)",
      failures: [401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => ({
      code: 200,
      message: TEXT.truckUpdated,
      data: await updateTruck({
        db: app.db,
        companyId: companyId(request),
        truckId: request.body.truck_id,
        name: request.body.name,
        isActive: request.body.is_active,
      }),
    }),
  });

  app.route({
    ...apiRoute('POST /api/company/remove_truck', {
      tags: ['partner'],
      summary: 'Remove a truck; 409 while it is assigned to an unfinished move',
      failures: [401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => ({
      code: 200,
      message: TEXT.truckRemoved,
      data: await removeTruck({
        db: app.db,
        companyId: companyId(request),
        truckId: request.body.truck_id,
      }),
    }),
  });

  app.route({
    ...apiRoute('POST /api/company/invite_foreman', {
      tags: ['partner'],
      summary:
        'Invite a foreman by email (a single-use set-password link, 7 days); again for one still invited sends a new link',
      failures: [401, 403, 404, 409],
    }),
    config: { ...ipRateLimit, ...companyOnly },
    handler: async (request) => {
      const body = request.body;
      const { profile, reinvited } = await inviteForeman({
        db: app.db,
        mailer: app.mailer,
        origin: app.config.publicUrl,
        companyId: companyId(request),
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
      });
      return {
        code: 200,
        message: reinvited ? TEXT.foremanReinvited : TEXT.foremanInvited,
        data: profile,
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/remove_foreman', {
      tags: ['partner'],
      summary:
        'Remove a foreman (his sessions and links end); 409 while he is assigned to an unfinished move',
      failures: [401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => ({
      code: 200,
      message: TEXT.foremanRemoved,
      data: await removeForeman({
        domain: app.domain,
        companyId: companyId(request),
        foremanId: request.body.foreman_id,
      }),
    }),
  });

  app.route({
    ...apiRoute('POST /app_api/set_foreman_password', {
      tags: ['partner'],
      summary:
        'An invited foreman sets his password from the emailed link and is signed in (answers like login)',
      failures: [400, 429, 503],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      const { token, user } = await setForemanPassword({
        domain: app.domain,
        token: request.body.token,
        password: request.body.password,
        ttlDays: app.config.sessionTtlDays,
      });
      return {
        code: 200,
        message: TEXT.foremanPasswordSet,
        data: { auth_token: token, user: toSessionUser(user) },
      };
    },
  });
};
