import { z } from 'zod';
import { envelope } from './envelope';

/** GET /healthz: the server answers and so does its database, of this kind (pglite, postgres). */
export const healthResponseSchema = envelope({ database: z.string() });
