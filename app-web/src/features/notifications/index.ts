/**
 * The notifications feature's public face: what the app and the other features may use. Anything else
 * in this folder is the feature's own (the layering rule in .dependency-cruiser.cjs checks it).
 */
export { notificationQueries } from './api/notification-queries';
export { NotificationBell } from './components/notification-bell';
export { NotificationList } from './components/notification-list';
export { NotificationPreferencesPanel } from './components/notification-preferences';
