import { describe, expect, it } from 'vitest';
import { etagOf, SharedAnswers } from './http-cache';

/** A read that counts its calls and answers `body` (or what `next` says). */
function reader(body = '{"code":200}') {
  const read = async () => {
    read.calls += 1;
    return read.next ?? body;
  };
  read.calls = 0;
  read.next = undefined as string | undefined;
  return read;
}

describe('kept shared answers', () => {
  it('reads once and serves the kept body with its strong ETag', async () => {
    const answers = new SharedAnswers();
    const read = reader();
    const first = await answers.get('a', read);
    const second = await answers.get('a', read);
    expect(read.calls).toBe(1);
    expect(second).toBe(first);
    expect(first).toEqual({ body: '{"code":200}', etag: etagOf('{"code":200}') });
  });

  it('shares one read between callers that ask at the same time', async () => {
    const answers = new SharedAnswers();
    const read = reader();
    const [a, b] = await Promise.all([answers.get('a', read), answers.get('a', read)]);
    expect(read.calls).toBe(1);
    expect(b).toBe(a);
  });

  it('reads again once forgotten, and forgets only the keys under the prefix', async () => {
    const answers = new SharedAnswers();
    const catalogue = reader('{"items":[]}');
    const settings = reader('{"about":""}');
    await answers.get('catalogue:items:1', catalogue);
    await answers.get('settings', settings);
    catalogue.next = '{"items":[1]}';
    answers.forget('catalogue:');
    expect((await answers.get('catalogue:items:1', catalogue)).body).toBe('{"items":[1]}');
    await answers.get('settings', settings);
    expect([catalogue.calls, settings.calls]).toEqual([2, 1]);
  });

  it('does not keep a read that was under way when its answer was forgotten', async () => {
    const answers = new SharedAnswers();
    let release: (body: string) => void = () => {};
    const slow = answers.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    answers.forget();
    release('"before the change"');
    expect((await slow).body).toBe('"before the change"');
    const read = reader('"after the change"');
    expect((await answers.get('a', read)).body).toBe('"after the change"');
    expect(read.calls).toBe(1);
  });

  it('reads again once the kept answer is older than its lifetime (a change by another process)', async () => {
    let now = 1_000;
    const answers = new SharedAnswers({ maxAgeMs: 60_000, now: () => now });
    const read = reader();
    await answers.get('a', read);
    now += 59_999;
    await answers.get('a', read);
    expect(read.calls).toBe(1);
    now += 1;
    await answers.get('a', read);
    expect(read.calls).toBe(2);
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const answers = new SharedAnswers({ maxEntries: 2 });
    const read = reader();
    for (const key of ['a', 'b', 'c']) await answers.get(key, read);
    await answers.get('c', read);
    await answers.get('b', read);
    expect(read.calls).toBe(3);
    await answers.get('a', read);
    expect(read.calls).toBe(4);
  });

  it('keeps no failed read: the next caller reads again', async () => {
    const answers = new SharedAnswers();
    await expect(answers.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const read = reader();
    await answers.get('a', read);
    expect(read.calls).toBe(1);
  });
});
