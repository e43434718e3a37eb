/** The automation editor's Graph view's words (loaded with the view, not with the page). */
export const automationGraphCopy = {
  canvasLabel: 'The workflow as a graph',
  hint: 'A picture of the same steps: click a box to edit it below, drag from a box’s lower dot to another box to connect it. With a keyboard or a screen reader, the step list edits the same workflow.',
  useStepList: 'Use the step list',
  selectNote: 'Select a box in the graph to edit that step, add a step after it or remove it.',
  triggerTitle: 'Where contacts start',
  triggerNote: 'The trigger is chosen above (“Starts when”). Add a step here to make it the first one.',
  stepTitle: (id: string) => `Step ${id}`,
  addTitle: 'Add a step after it',
  onWay: 'On the way',
  addHere: 'Add step',
  endNote: 'An end has no way out: add steps before it.',
  remove: 'Remove this step',
  removed: (summary: string) => `Removed “${summary}”.`,
  undo: 'Undo',
  openWay: (label: string | null) => (label ? `${label}: not connected` : 'Not connected'),
  readOnlyNote: 'A published version: select a box to read its settings.',
};
