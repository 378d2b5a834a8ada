import { ModerationQueue } from '../../features/moderation';

/** /moderation: the moderation queue, for moderators and admins. */
export function ModerationRoute() {
  return <ModerationQueue />;
}
