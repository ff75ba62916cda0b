import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addTruckBodySchema,
  COMPANY_PROFILE_TEXT as TEXT,
  companyProfileResponseSchema,
  inviteForemanBodySchema,
  MSG,
  removeForemanBodySchema,
  removeTruckBodySchema,
  setForemanPasswordBodySchema,
  setForemanPasswordResponseSchema,
  updateCompanyProfileBodySchema,
  updateTruckBodySchema,
  zipCodeBodySchema,
} from '@movehub/shared';
import { responses } from '../../lib/wire';
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
  const profileReply = responses(companyProfileResponseSchema, 401, 403, 404, 409);
  const companyId = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.post(
    '/api/company/profile',
    {
      schema: {
        tags: ['partner'],
        summary:
          "The company's profile: name, about, picture, contact, served zip codes, trucks and foremen (invited or active)",
        response: responses(companyProfileResponseSchema, 401, 403, 404),
      },
      config: companyOnly,
    },
    async (request) => ({
      code: 200,
      message: MSG.ok,
      data: await getCompanyProfile({ db: app.db, companyId: companyId(request) }),
    }),
  );

  app.post(
    '/api/company/update_profile',
    {
      schema: {
        tags: ['partner'],
        summary:
          "Change the company's name, about, phone or picture (an upload of ours); absent fields stay",
        body: updateCompanyProfileBodySchema,
        response: responses(companyProfileResponseSchema, 400, 401, 403, 404),
      },
      config: companyOnly,
    },
    async (request) => {
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
  );

  app.post(
    '/api/company/add_zip_code',
    {
      schema: {
        tags: ['partner'],
        summary: 'Serve one more zip code (5 digits); 409 when it is served already',
        body: zipCodeBodySchema,
        response: profileReply,
      },
      config: companyOnly,
    },
    async (request) => ({
      code: 200,
      message: TEXT.zipAdded,
      data: await addZipCode({
        db: app.db,
        companyId: companyId(request),
        zipCode: request.body.zip_code,
      }),
    }),
  );

  app.post(
    '/api/company/remove_zip_code',
    {
      schema: {
        tags: ['partner'],
        summary: 'Stop serving a zip code; 404 when it is not served',
        body: zipCodeBodySchema,
        response: profileReply,
      },
      config: companyOnly,
    },
    async (request) => ({
      code: 200,
      message: TEXT.zipRemoved,
      data: await removeZipCode({
        db: app.db,
        companyId: companyId(request),
        zipCode: request.body.zip_code,
      }),
    }),
  );

  app.post(
    '/api/company/add_truck',
    {
      schema: {
        tags: ['partner'],
        summary: 'Add a truck (active); truck_count follows',
        body: addTruckBodySchema,
        response: profileReply,
      },
      config: companyOnly,
    },
    async (request) => ({
      code: 200,
      message: TEXT.truckAdded,
      data: await addTruck({ db: app.db, companyId: companyId(request), name: request.body.name }),
    }),
  );

  app.post(
    '/api/company/update_truck',
    {
      schema: {
        tags: ['partner'],
        summary:
          "Rename a truck of the company's or mark it active or inactive (inactive: not offered for new moves)",
        body: updateTruckBodySchema,
        response: profileReply,
      },
      config: companyOnly,
    },
    async (request) => ({
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
  );

  app.post(
    '/api/company/remove_truck',
    {
      schema: {
        tags: ['partner'],
        summary: 'Remove a truck; 409 while it is assigned to an unfinished move',
        body: removeTruckBodySchema,
        response: profileReply,
      },
      config: companyOnly,
    },
    async (request) => ({
      code: 200,
      message: TEXT.truckRemoved,
      data: await removeTruck({
        db: app.db,
        companyId: companyId(request),
        truckId: request.body.truck_id,
      }),
    }),
  );

  app.post(
    '/api/company/invite_foreman',
    {
      schema: {
        tags: ['partner'],
        summary:
          'Invite a foreman by email (a single-use set-password link, 7 days); again for one still invited sends a new link',
        body: inviteForemanBodySchema,
        response: profileReply,
      },
      config: { ...ipRateLimit, ...companyOnly },
    },
    async (request) => {
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
  );

  app.post(
    '/api/company/remove_foreman',
    {
      schema: {
        tags: ['partner'],
        summary:
          'Remove a foreman (his sessions and links end); 409 while he is assigned to an unfinished move',
        body: removeForemanBodySchema,
        response: profileReply,
      },
      config: companyOnly,
    },
    async (request) => ({
      code: 200,
      message: TEXT.foremanRemoved,
      data: await removeForeman({
        domain: app.domain,
        companyId: companyId(request),
        foremanId: request.body.foreman_id,
      }),
    }),
  );

  app.post(
    '/app_api/set_foreman_password',
    {
      schema: {
        tags: ['partner'],
        summary:
          'An invited foreman sets his password from the emailed link and is signed in (answers like login)',
        body: setForemanPasswordBodySchema,
        response: responses(setForemanPasswordResponseSchema, 400, 429, 503),
      },
      config: ipRateLimit,
    },
    async (request) => {
      const { token, user } = await setForemanPassword({
        domain: app.domain,
        token: request.body.token,
        password: request.body.password,
        ttlDays: app.config.sessionTtlDays,
        protection: app.loginProtection,
      });
      return {
        code: 200,
        message: TEXT.foremanPasswordSet,
        data: { auth_token: token, user: toSessionUser(user) },
      };
    },
  );
};
