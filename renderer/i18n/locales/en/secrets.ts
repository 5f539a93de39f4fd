/** English: Settings → Secrets (values for ${secret:NAME} in the servers file). */
export const secrets = {
  title: 'Secrets',
  help: 'Tokens, client secrets and private keys for servers, including those the server form, installs and imports kept. Write {{reference}} in the servers file instead of the value; the value is kept in the secret store and never shown again.',
  loadFailed: 'Could not list the secrets: {{message}}',
  none: 'No secrets are kept.',
  name: 'Name',
  value: 'Value',
  valueHelp:
    'Paste the secret, a PEM key or a token. It is stored encrypted and cannot be read back here.',
  save: 'Keep secret',
  saved: 'Kept. Refer to it as {{reference}}.',
  badName: 'A name uses letters, digits, "_", "-", ".", ":" and "/" only (at most 200).',
  emptyValue: 'The value is empty.',
  saveFailed: 'Could not keep it: {{message}}',
  delete: 'Delete',
  deleteNamed: 'Delete the secret {{name}}',
  deleteFailed: 'Could not delete it: {{message}}',
};
