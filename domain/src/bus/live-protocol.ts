/**
 * The /ws change message, shared by the server's gateway (api/src/runtime/ws-gateway.ts) and the
 * browser's live-updates client (app-web/src/lib/live-updates.ts): which stream changed and how,
 * so the client invalidates the queries that read it (it refetches; it never patches data from
 * the message). The projection runner publishes only after the read tables commit, so a refetch
 * always sees the change.
 */
export interface ChangeMessage {
  readonly type: 'changed';
  readonly streamType: string;
  readonly streamId: string;
  readonly id: string;
  readonly eventType: string;
  readonly recordedAt: string;
}
