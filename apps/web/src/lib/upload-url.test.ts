import { describe, expect, it } from 'vitest';
import { itemPhotoUrl } from './upload-url';

const KEY = '0123456789abcdef0123456789abcdef.webp';

describe('itemPhotoUrl', () => {
  it('gives the URL of an upload of ours: its bare name, /uploads/<name> or the bucket address', () => {
    expect(itemPhotoUrl(KEY)).toBe(`/uploads/${KEY}`);
    expect(itemPhotoUrl(`/uploads/${KEY}`)).toBe(`/uploads/${KEY}`);
    expect(itemPhotoUrl(`https://bucket.s3.us-west-2.amazonaws.com/${KEY}`)).toBe(
      `https://bucket.s3.us-west-2.amazonaws.com/${KEY}`,
    );
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'https://evil.example/phish-login',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,iVBORw0KGgo=',
    'blob:https://evil.example/1',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    `/uploads/../${KEY}`,
    `/uploads/${KEY}/../../phish`,
    `http://evil.example/${KEY}`,
    `https://evil.example/${KEY}?next=/login`,
    `https://user:pass@evil.example/${KEY}`,
    'sofa.jpg',
    '',
    null,
    undefined,
  ])('gives nothing for %s', (value) => {
    expect(itemPhotoUrl(value)).toBeUndefined();
  });
});
