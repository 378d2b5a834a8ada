/**
 * Who hears of the notifications context's streams over /ws: a person hears of their own
 * `notifications-<userId>` stream, so the bell's count and the list refresh live when a
 * notification is raised or marked read on another device.
 */
import { NOTIFICATIONS_STREAM_TYPE } from '@wager/domain/notifications/index';
import type { LiveRules } from '../../runtime/visibility.js';

export const notificationsLive: LiveRules = { ownStreamTypes: [NOTIFICATIONS_STREAM_TYPE] };
