/** The words of the thread editor (loaded with it, not with the Social Hub's first load). */
export const threadPartsCopy = {
  legend: 'Thread',
  partLabel: (position: number, total: number) => `Part ${position} of ${total}`,
  addPart: 'Add to thread',
  removePart: (position: number) => `Remove part ${position}`,
  tooMany: (max: number) => `A thread takes ${max} parts after the first post.`,
};
