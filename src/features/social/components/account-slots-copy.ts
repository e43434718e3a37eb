/** The slots dialog's words: they load with it, not with the page. */
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const slotsCopy = {
  open: 'Time slots',
  openLabel: (name: string) => `Time slots of ${name}`,
  title: (name: string) => `Time slots of ${name}`,
  description: (zone: string) => `“Next free slot” in the composer picks the first of these times that no scheduled post of this account takes. Times are in the workspace’s time zone (${zone}).`,
  loading: 'Loading the time slots...',
  loadFailed: 'The time slots could not be loaded.',
  empty: 'No time slots yet.',
  listLabel: 'Time slots',
  slot: (weekday: number, time: string) => `${WEEKDAY_NAMES[weekday - 1]} at ${time}`,
  remove: 'Remove',
  removeLabel: (weekday: number, time: string) => `Remove ${WEEKDAY_NAMES[weekday - 1]} at ${time}`,
  days: 'Days',
  time: 'Time',
  add: 'Add time slot',
  alreadyThere: 'These time slots are already there.',
  timeInvalid: 'Enter a time such as 09:00.',
  dayChoices: [
    { value: 'weekdays', label: 'Weekdays (Mon–Fri)', weekdays: [1, 2, 3, 4, 5] },
    { value: 'every', label: 'Every day', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    ...WEEKDAY_NAMES.map((name, index) => ({ value: String(index + 1), label: name, weekdays: [index + 1] })),
  ],
};
