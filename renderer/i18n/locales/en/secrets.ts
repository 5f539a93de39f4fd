/** English: Settings → Secrets (values for ${secret:NAME} in the servers file). */
export const secrets = {
  title: 'Secrets',
  help: 'Client secrets, private keys and tokens for remote servers. Write {{reference}} in the servers file instead of the value; the value is kept in the secret store and never shown again.',
  loadFailed: 'Could not list the secrets: {{message}}',
  none: 'No secrets are kept.',
  name: 'Name',
  value: 'Value',
  valueHelp:
    'Paste the secret, a PEM key or a token. It is stored encrypted and cannot be read back here.',
  save: 'Keep secret',
  saved: 'Kept. Refer to it as {{reference}}.',
  badName: 'A name uses letters, digits, "_", "-" and "." only.',
  emptyValue: 'The value is empty.',
  saveFailed: 'Could not keep it: {{message}}',
  delete: 'Delete',
  deleteNamed: 'Delete the secret {{name}}',
  deleteFailed: 'Could not delete it: {{message}}',
};
