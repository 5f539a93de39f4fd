/** English: the Add provider dialog in Settings. */
export const addProvider = {
  title: 'Add a model provider',
  preset: 'Provider',
  keyHelp: 'Goes to the secret store when you add the provider; never shown again.',
  test: 'Test',
  add: 'Add provider',
  adding: 'Adding…',
};
