/** Words of the Social Hub's edit dialog (loaded with it, not with the page). */
export const socialEditCopy = {
  editTitle: 'Edit post',
  editDescription: 'Change its text, accounts or moment. An approved post whose text or accounts change waits for approval again.',
  saveChanges: 'Save changes',
  changesSaved: {
    approvalAgain: 'Changes saved. The post changed after its approval, so it waits for approval again.',
    awaiting: 'Changes saved. The post waits for approval.',
    keepsApproval: 'Changes saved. The post keeps its approval.',
    scheduled: 'Changes saved. The post is scheduled.',
    draft: 'Changes saved as a draft.',
  },
} as const;
