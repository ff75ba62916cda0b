import { useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '@movehub/shared';

/**
 * Where a conversation's scroll box stands as its messages change, the customer's chat and the
 * partner console's alike: a newer last message (the first page, one that arrives, one sent)
 * brings the box to the bottom; older messages loaded above keep what the reader was looking at
 * in place, the box growing upwards out of sight. Put `scrollRef` on the box that scrolls.
 */
export function useConversationScroll(messages: readonly ChatMessage[] | undefined) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first?: number; last?: number; height: number }>({ height: 0 });
  const first = messages?.[0]?.id;
  const last = messages?.at(-1)?.id;

  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const before = seen.current;
    if (last !== before.last) {
      box.scrollTop = box.scrollHeight;
    } else if (first !== before.first) {
      // Older pages went in above: stay on the same message.
      box.scrollTop += box.scrollHeight - before.height;
    }
    seen.current = { first, last, height: box.scrollHeight };
  }, [first, last]);

  return { scrollRef };
}
