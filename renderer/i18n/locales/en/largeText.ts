/** English: a very large text (a tool's output) shown in full, read and drawn in parts. */
export const largeText = {
  label: 'Full text, {{chars}} characters',
  loading: 'Loading the rest… {{percent}}%',
  failed: 'Could not load the rest of the text: {{message}}',
};
