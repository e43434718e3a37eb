/** The words of the Social Hub's posts on the Editorial Calendar, their channel filter, slots and "Next free slot". */
export const socialCalendarCopy = {
  channel: 'Channel',
  allChannels: 'All channels',
  contentOnly: 'Content',
  accountOption: (network: string, name: string) => `${network} · ${name}`,
  socialBadge: (networks: string) => `Social · ${networks}`,
  socialLoadFailed: 'The social posts could not be loaded: only content items are shown.',
  moveFailed: 'Error moving the post',
  sentRefused: 'This post has already gone out (or is going out) on some accounts: it can no longer move.',
  awaitingApproval: 'Awaiting approval',
  openCalendar: 'Open the calendar',
  calendarNote: 'Scheduled posts appear on the Editorial Calendar beside the content items, filterable by channel, and move by drag and drop.',
  nextFreeSlot: 'Next free slot',
  findingSlot: 'Finding the next free slot...',
  chooseAccountFirst: 'Choose an account first: the slot comes from its time slots.',
  noFreeSlot: 'No free time slot in the next three months: add time slots to the account, or choose a moment.',
  slotFound: (when: string) => `Next free slot: ${when}.`,
};
