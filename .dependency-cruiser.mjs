// The server's import graph, checked by `npm run lint:deps` inside `npm test`:
// `depcruise apps/api/src` resolves every import as TypeScript does (type-only ones included)
// and fails on any of these.
import path from 'node:path';

const API = '^apps/api/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No module reaches itself through its imports, not even through a type: the request ' +
        "core's modules stay a layered graph. The database schema's tables are the exception: " +
        'their foreign keys point both ways (users.discount_request_id and requests.customer_id), ' +
        'which drizzle reads lazily through references(() => …).',
      severity: 'error',
      from: { path: API, pathNot: `${API}db/schema/` },
      to: { circular: true },
    },
    {
      name: 'demo-stays-apart',
      comment:
        'The demo simulator hears of requests through events (platform/events): only the ' +
        'composition (app.ts) registers it, and no route or command calls it.',
      severity: 'error',
      from: { path: API, pathNot: [`${API}app\\.ts$`, `${API}modules/demo/`] },
      to: { path: `${API}modules/demo/` },
    },
    {
      name: 'domain-below-http',
      comment:
        'The domain (request commands, money) knows nothing of HTTP: no route module, no ' +
        'Fastify plugin, not Fastify itself.',
      severity: 'error',
      from: { path: `${API}domain/` },
      to: {
        path: [
          `${API}modules/.+\\.routes\\.ts$`,
          `${API}plugins/`,
          '(^|/)node_modules/(fastify|@fastify/[^/]+)/',
        ],
      },
    },
    {
      name: 'platform-below-domain',
      comment: 'The platform (events and their dispatch) serves the domain and the modules.',
      severity: 'error',
      from: { path: `${API}platform/` },
      to: { path: [`${API}domain/`, `${API}modules/`] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the cruiser cannot follow would hide its edges from the rules above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    tsConfig: { fileName: path.join(import.meta.dirname, 'apps/api/tsconfig.json') },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // @movehub/shared is a workspace package that exports its TypeScript source.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
