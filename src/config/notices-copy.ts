/** The header's notifications: in-app notices for the signed-in member in the current workspace. */
export const noticesCopy = {
  button: 'Notifications',
  buttonWithUnread: (count: number) => `Notifications, ${count} unread`,
  title: 'Notifications',
  loading: 'Loading notifications…',
  empty: 'Nothing new. Workflows and connected accounts notify you here.',
  loadFailed: 'Notifications could not be loaded.',
  retry: 'Try again',
  markAllRead: 'Mark all as read',
  markReadFailed: 'The notifications could not be marked as read.',
  unread: 'Unread',
  links: {
    social_reconnect: 'Reconnect in the Social Hub',
    automation: 'Open the contact’s workflows',
  },
} as const;
