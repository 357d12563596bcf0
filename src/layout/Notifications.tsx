// react-admin's Notification (MUI's Snackbar and its transitions), a chunk of its own: fetched when
// the first notification is shown, not on the home path (DeferredNotification.tsx).
export { Notification } from 'react-admin';
