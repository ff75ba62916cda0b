// TEMPORARY (branch tracking only): the socket server lands on main as app.realtime
// (apps/api/src/realtime). This declaration lets the tracking module compile and its tests run
// until then; it is deleted when main is merged.
import type { FastifyInstance } from 'fastify';
import type { ServerToClientEvents } from '@movehub/shared';

export interface PendingRealtime {
  emit<E extends keyof ServerToClientEvents>(
    roomId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: PendingRealtime;
  }
}

export const pendingEmits: { roomId: string; event: string; args: unknown[] }[] = [];

export function decoratePendingRealtime(app: FastifyInstance): void {
  if (app.hasDecorator('realtime')) return;
  app.decorate('realtime', {
    emit(roomId: string, event: string, ...args: unknown[]) {
      pendingEmits.push({ roomId, event, args });
    },
  } as PendingRealtime);
}
