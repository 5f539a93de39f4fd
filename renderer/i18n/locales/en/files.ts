/** Files from the person's computer: the Files button, drop and paste, limits, chips. */
export const files = {
  button: 'Files',
  hint: 'Attach files from this computer (or drop or paste them here). Images up to {{image}}; text, PDFs and other files up to {{total}} per message.',
  resources: 'Resources',
  drop: 'Drop files to attach them',
  local: 'this computer',
  sending: 'sending…',
  fileTooLarge: '{{name}} is {{size}}: the files of one message may add up to {{max}}.',
  imageTooLarge:
    '{{name}} is {{size}}: the model takes images up to {{max}}. Attach a smaller version.',
  failed: '{{name}} could not be attached: {{message}}',
};
