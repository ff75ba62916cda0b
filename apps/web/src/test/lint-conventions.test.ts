import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on snippets placed at real paths: the boundaries of
// CONVENTIONS.md "Layout and naming" (features apart, nothing from app/, ui/ without the API).
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function errorsOf(rule: string, file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const boundaryErrors = (file: string, code: string) => errorsOf('web/boundaries', file, code);

describe('web import boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'features/auth/probe.ts',
      "import { customerRequestsQueryOptions } from '../requests/requests-api';\nexport const x = customerRequestsQueryOptions;\n",
    );
    expect(errors).toEqual([expect.stringContaining('features do not import each other')]);
  });

  it('lets a feature import its own sub-folders, lib/ and ui/', async () => {
    const errors = await boundaryErrors(
      'features/wizard/summary/probe.ts',
      [
        "import { useWizard } from '../wizard-context';",
        "import { StepMap } from '../map/step-map';",
        "import { callApi } from '../../../lib/api-client';",
        "import { PageLoader } from '../../../ui/page-loader';",
        'export const x = [useWizard, StepMap, callApi, PageLoader];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses an import from app/ outside app/', async () => {
    const errors = await boundaryErrors(
      'features/cards/probe.ts',
      "import { theme } from '../../app/theme';\nexport const x = theme;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Nothing imports from app/')]);
  });

  it('refuses ui/ calling the API, directly or through server state', async () => {
    const errors = await boundaryErrors(
      'ui/probe.ts',
      [
        "import { useQuery } from '@tanstack/react-query';",
        "import { callApi } from '../lib/api-client';",
        "import { profileQueryOptions } from '../lib/profile-query';",
        'export const x = [useQuery, callApi, profileQueryOptions];',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors.every((m) => m.startsWith('ui/ does not call the API'))).toBe(true);
  });

  it('refuses lib/ importing a feature', async () => {
    const errors = await boundaryErrors(
      'lib/probe.ts',
      "import { AboutPage } from '../features/about/about-page';\nexport const x = AboutPage;\n",
    );
    expect(errors).toEqual([expect.stringContaining('does not import features')]);
  });
});

describe('one query-key style', () => {
  const component = (key: string) =>
    `import { useQuery } from '@tanstack/react-query';\nexport const useX = () => useQuery({ queryKey: ${key}, queryFn: () => 1 });\n`;

  it('refuses a key literal in a component', async () => {
    const errors = await errorsOf(
      'no-restricted-syntax',
      'features/about/probe.tsx',
      component("['settings']"),
    );
    expect(errors).toEqual([expect.stringContaining('xKeys')]);
  });

  it("accepts the key from the api module's factory", async () => {
    const errors = await errorsOf(
      'no-restricted-syntax',
      'features/about/probe.tsx',
      component('settingsKeys.all'),
    );
    expect(errors).toEqual([]);
  });
});

describe('test files and the shared worker', () => {
  it('refuses vi.mock and vi.doMock in a test file, and lets vi.spyOn be', async () => {
    const code = [
      "import { vi } from 'vitest';",
      "import * as leaflet from 'leaflet';",
      "vi.mock('react-leaflet');",
      "vi.doMock('leaflet');",
      "vi.spyOn(leaflet.Map.prototype, 'setView');",
      '',
    ].join('\n');
    const errors = await errorsOf(
      'no-restricted-properties',
      'features/tracking/probe.test.tsx',
      code,
    );
    expect(errors).toEqual([
      expect.stringContaining("'vi.mock' is restricted"),
      expect.stringContaining("'vi.doMock' is restricted"),
    ]);
  });
});
