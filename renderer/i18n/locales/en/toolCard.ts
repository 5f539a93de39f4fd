/** The compact tool call card: one line, opened for the details. */
export const toolCard = {
  showDetails: 'Show the details of {{name}}',
  hideDetails: 'Hide the details of {{name}}',
};
