import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';
import { describe, expect, it } from 'vitest';
import { withoutQueryParameters } from './errors';

describe('a failed query in the log', () => {
  it('keeps the statement and the database’s error, not the parameters', () => {
    const cause = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const failed = new DrizzleQueryError(
      'select * from requests where public_access_link = $1',
      ['secret-link-token\u0000', 'robin@example.com'],
      cause,
    );
    const logged = JSON.stringify(stdSerializers.err(withoutQueryParameters(failed) as Error));
    expect(logged).toContain('select * from requests where public_access_link = $1');
    expect(logged).toContain('invalid byte sequence');
    expect(logged).not.toContain('secret-link-token');
    expect(logged).not.toContain('robin@example.com');
    // Without the filter, the parameters would be in the message, the stack and a field.
    expect(JSON.stringify(stdSerializers.err(failed))).toContain('secret-link-token');
  });

  it('leaves any other error as it is', () => {
    const other = new Error('boom');
    expect(withoutQueryParameters(other)).toBe(other);
  });
});
