import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatPosition } from '@wager/domain';

const positionSchema = z.string();

/** The first vertical slice: event store head, each projector's checkpoint and lag, bus status. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: z.object({
            status: z.enum(['ok', 'degraded']),
            eventStore: z.object({ kind: z.string(), head: positionSchema.nullable() }),
            projections: z.object({
              running: z.boolean(),
              lastError: z.string().optional(),
              projectors: z.array(z.object({ name: z.string(), checkpoint: positionSchema, lag: z.number() })),
            }),
            bus: z.object({ kind: z.string(), connected: z.boolean() }),
            database: z.object({ kind: z.string() }),
          }),
        },
      },
    },
    async () => {
      const { store, projections, bus, parts } = app.deps;
      const head = await store.headPosition();
      const status = await projections.status();
      const busStatus = bus.status();
      const degraded = !busStatus.connected || status.projectors.some((p) => p.lag > 1000) || status.lastError !== undefined;
      return {
        status: degraded ? ('degraded' as const) : ('ok' as const),
        eventStore: { kind: parts.eventStore ?? 'unknown', head: head ? formatPosition(head) : null },
        projections: {
          running: status.running,
          ...(status.lastError ? { lastError: status.lastError } : {}),
          projectors: status.projectors.map((p) => ({ name: p.name, checkpoint: formatPosition(p.checkpoint), lag: p.lag })),
        },
        bus: { kind: busStatus.kind, connected: busStatus.connected },
        database: { kind: parts.database ?? 'unknown' },
      };
    },
  );
};
