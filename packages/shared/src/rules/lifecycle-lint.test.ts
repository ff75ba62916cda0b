import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on snippets placed at real paths: a request's status
// is compared only in this folder's lifecycle.ts (eslint-statuses.js at the root).
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function statusErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'lifecycle/statuses-in-table');
}

const SERVICE = 'apps/api/src/modules/chat/probe.service.ts';

describe("a request's statuses are compared in the transition table only", () => {
  it('refuses an enum member and an alias of the enum', async () => {
    const code = [
      "import { RequestStatus, TimelineStatus } from '@movehub/shared';",
      'const T = TimelineStatus;',
      'export const paid = (s: number) => s === TimelineStatus.paid || s === RequestStatus.done;',
      'export const alias = T;',
      '',
    ].join('\n');
    const errors = await statusErrors(SERVICE, code);
    expect(errors.map((e) => e.line)).toEqual([2, 3, 3]);
    expect(errors[0]!.message).toContain('use (or add there) the guard');
  });

  it('refuses a status field compared with a number, in code, in drizzle and in SQL', async () => {
    const code = [
      "import { eq, inArray, sql } from 'drizzle-orm';",
      'declare const r: { timelineStatus: number; request_status: number; additional_status: number };',
      'export const a = r.timelineStatus >= 3;',
      'export const b = 0 === r.request_status;',
      'export const c = r.additional_status !== 1;',
      'export const d = eq(r.timelineStatus as never, 5);',
      'export const e = inArray(r.timelineStatus as never, [5, 6]);',
      'export const f = sql`${r.timelineStatus} in (5, 6)`;',
      "export const g = sql.raw('request_status = 2');",
      'export function h() {',
      '  switch (r.timelineStatus) {',
      '    case 4:',
      '      return 1;',
      '  }',
      '}',
      '',
    ].join('\n');
    const errors = await statusErrors(SERVICE, code);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 12]);
  });

  it('lets guards, sets, labels and the enums as types be', async () => {
    const code = [
      'import {',
      '  CHAT_ENABLED_TIMELINE,',
      '  isChatEnabled,',
      '  TIMELINE_LABELS,',
      '  TimelineStatus,',
      "} from '@movehub/shared';",
      'declare const r: { timelineStatus: number; id: number };',
      'export const open = isChatEnabled(r.timelineStatus) && r.id > 0;',
      'export const label = TIMELINE_LABELS[r.timelineStatus as TimelineStatus];',
      'export const set = CHAT_ENABLED_TIMELINE;',
      '',
    ].join('\n');
    expect(await statusErrors(SERVICE, code)).toEqual([]);
  });

  it('leaves the table itself and tests alone', async () => {
    const code =
      "import { TimelineStatus } from '../enums';\nexport const x = TimelineStatus.paid;\n";
    expect(await statusErrors('packages/shared/src/rules/lifecycle.ts', code)).toEqual([]);
    expect(await statusErrors('apps/web/src/features/requests/probe.test.tsx', code)).toEqual([]);
    expect(await statusErrors('apps/web/src/features/requests/probe.tsx', code)).toHaveLength(1);
  });
});
