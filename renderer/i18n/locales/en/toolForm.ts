/** English: the forms generated from a tool's input schema ("Try it"): lists, groups, JSON boxes. */
export const toolForm = {
  /** One row of a list: `paths 2`. */
  item: '{{name}} {{index}}',
  addItem: 'Add to {{name}}',
  removeItem: 'Remove {{item}}',
  json: 'JSON',
  errorJson: 'Not valid JSON.',
};
