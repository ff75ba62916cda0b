import { describe, expect, it } from 'vitest';
import { chatLink, chatSelectionFromSearch } from './chat-link';

describe('the chat screen address', () => {
  it('names a conversation by request and type, and reads it back', () => {
    const link = chatLink({ request_id: 42, type: 2 });
    expect(link).toBe('/dashboard/chats?request_id=42&type=2');
    expect(chatSelectionFromSearch(link.split('?')[1]!)).toEqual({ request_id: 42, type: 2 });
    expect(chatLink()).toBe('/dashboard/chats');
  });

  it.each([
    '',
    '?request_id=42',
    '?type=0',
    '?request_id=0&type=0',
    '?request_id=4.5&type=0',
    '?request_id=abc&type=0',
    '?request_id=42&type=1',
    '?request_id=42&type=',
  ])('reads no conversation from %j', (search) => {
    expect(chatSelectionFromSearch(search)).toBeNull();
  });
});
