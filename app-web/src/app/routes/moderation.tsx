import { ModerationQueue } from '../../features/moderation/components/moderation-queue';

/** /moderation: the moderation queue, for moderators and admins. */
export function ModerationRoute() {
  return <ModerationQueue />;
}
