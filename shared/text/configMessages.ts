/**
 * Main's messages about the servers file and its server entries: problems found when reading, checking and importing it, in English (part of `hostMessages`, under `config`; the Chinese
 * words are in renderer/i18n/locales/zhCN/configHost.ts).
 */
export const configMessages = {
  noPicker: 'There is no file picker here; type the full path instead.',
  alreadyHas: 'the servers file already has "{{name}}"; choose another name',
  nameTaken: 'There is already a server named “{{name}}”; choose another name.',
  relativePath: 'Give the full path of the file ({{path}} is relative).',
  cannotReadFile: 'Cannot read {{path}}: {{reason}}',
  noImportSource: 'There is nothing to import at {{path}}.',
  notImportable: 'Not importable: {{names}}',
  cannotAdd: 'cannot add servers',
  cannotSaveServer: 'cannot save server "{{name}}"',
  invalid: '{{what}}: {{reason}}',
  invalidMore: '{{what}}: {{reason}} (and {{more}} more)',
  emptied:
    'the servers file {{what}} while {{count}}. Restore the file, or save it empty to stop them.',
  becameEmpty: 'became empty',
  wasDeleted: 'was deleted',
  oneServerKept: '1 server was configured; it keeps running',
  serversKept: '{{count}} servers were configured; they keep running',
  notUtf8:
    'the servers file is not valid UTF-8 at byte {{byte}}; the bytes that could not be read show as \uFFFD',
  fileTooLarge:
    'the servers file is {{mib}} MiB; files over {{limit}} MiB are not read (the last good config keeps running)',
  inputMissing: 'no value given for input {{inputs}}',
  changedOnDisk:
    'the servers file changed on disk after it was opened; review the new version before saving',
  cannotRead: 'cannot read the servers file: {{detail}}',
  cannotReadImport: "cannot read {{source}}'s file: {{detail}}",
  twice: '{{path}} appears twice (first on line {{line}}); keep only one',
  kinds: {
    object: 'an object',
    array: 'an array',
    string: 'a string',
    number: 'a number',
    boolean: 'the boolean {{value}}',
    null: 'null',
    other: 'something else',
  },
  expected: {
    string: 'a string',
    stringArray: 'an array of strings',
    stringRecord: 'an object of string values, like { "NAME": "value" }',
    boolean: 'true or false',
    oneOf: 'one of {{list}}',
    milliseconds: 'a number of milliseconds',
  },
  wrongType: '{{path}} must be {{expected}}, but it is {{actual}}',
  emptyEnvName: '{{path}} contains "${env:}" without a variable name',
  envUnset: '{{path}} uses ${env:{{name}}}, but the environment variable {{name}} is not set',
  untrustedEnv:
    '{{path}} uses ${env:{{name}}}, which it may not: values {{source}} cannot read your environment or your secrets. Write your own value here, or add "{{name}}" to the entry’s origin.env if you mean to give it',
  untrustedSecret:
    '{{path}} uses ${secret:{{name}}}, which it may not: values {{source}} cannot read your environment or your secrets, so this server will not start. Enter the value in its form (Servers → Edit)',
  originNotObject:
    '{{path}} must be an object like { "kind": "registry", "name": "io.example/server" }',
  originDigest: '{{path}} must be "sha256:" followed by 64 hexadecimal digits, but it is {{value}}',
  originSecretName:
    '{{path}} is not a valid secret name (letters, digits and _ . : / - only, at most 200): {{value}}',
  originEnvName: '{{path}} is not a valid environment variable name: {{value}}',
  tooLongText: '{{path}} is longer than {{max}} characters',
  empty: '{{path}} must not be empty',
  notOneOf: '{{path}} must be one of {{list}}, but it is {{value}}',
  milliseconds:
    '{{path}} must be a whole number of milliseconds between 1 and {{max}}, but it is {{value}}',
  serverNotObject: '{{path}} must be an object like { "command": "..." } or { "url": "..." }',
  unknownServerKey: 'unknown key "{{key}}" in server "{{name}}" is kept in the file but ignored',
  notValid: '{{path}} is not valid: {{reasons}}',
  commandAndUrl:
    'server "{{name}}" has both "command" and "url"; add "type": "stdio" or "type": "http" to say which one to use',
  commandOrUrl:
    'server "{{name}}" needs "command" (to run a local program) or "url" (to connect to a remote server)',
  timeoutsNotObject: '{{path}} must be an object like { "startupMs": 30000, "requestMs": 60000 }',
  unknownTimeoutKey:
    'unknown key "{{key}}" in {{path}} is kept in the file but ignored (known: startupMs, requestMs)',
  notUrl: '{{path}} must be an http:// or https:// URL, but it is {{value}}',
  noEffect: '"{{key}}" has no effect on {{what}} and is ignored',
  stdioServer: 'a stdio server',
  remoteServer: 'an {{transport}} server',
  missing: '{{path}} is missing "{{key}}"',
  emptyName: 'a server name must not be empty',
  longName: 'server name "{{name}}…" is longer than {{max}} characters',
  fileNotObject:
    'the servers file must be a JSON object like { "mcpServers": { "name": { "command": "..." } } }',
  unknownTopKey: 'unknown top-level key "{{key}}" is kept in the file but ignored',
  serversNotObject: 'mcpServers must be an object whose keys are server names',
  oauthNotObject: '{{path}} must be an object like { "clientId": "...", "scopes": ["..."] }',
  unknownOAuthKey:
    'unknown key "{{key}}" in {{path}} is kept in the file but ignored (known: {{known}})',
  port: '{{path}} must be a port number from 1 to 65535',
  either: '{{first}} or {{second}}',
  both: '{{first}} and {{second}}',
  grantOnly:
    '{{path}}.{{field}} only applies with "grant": {{grants}}, but the grant is "{{grant}}"',
  grantNeeds: '{{path}} with "grant": "{{grant}}" needs {{names}}',
  grantOnlyOne: '{{path}} with "grant": "{{grant}}" takes only one of {{names}}',
  plainSecret:
    '{{path}} holds a secret in plain text: keep it in the secret store (`npm run --silent cli -- secret set NAME`) and write "${secret:NAME}" here',
  idpNotObject:
    '{{path}} must be an object like { "issuer": "https://idp.example.com", "clientId": "...", "idToken": "${secret:NAME}" }',
  mustBeUrl: '{{path}} must be a URL, but it is {{value}}',
  needs: '{{path}} needs {{names}}',
  mustBeAbsolute: '{{path}} must be an absolute path, but it is {{value}}',
  metadataUrl:
    '{{path}} must be an https:// URL with a path (a Client ID Metadata Document), but it is {{value}}',
  import: {
    notObject: 'server "{{name}}" is {{actual}}, not an object; skipped',
    dropped: '"{{key}}" of server "{{name}}" is not imported: {{reason}}',
    droppedEnvFile: 'Switchboard does not read env files; copy the variables into "env"',
    droppedDev: 'VS Code development mode (watch and debug) has no equivalent here',
    droppedOther: 'Switchboard does not use it',
    unknownType:
      'server "{{name}}" has an unknown type {{value}} (use "stdio", "http" or "sse"); skipped',
    note: 'server "{{name}}": {{note}}',
    defaultDropped: 'the default "{{fallback}}" for ${{{name}}} was dropped ({{name}} is set)',
    defaultWritten: '{{name}} is not set, so its default "{{fallback}}" was written instead',
    unsupported: '{{variable}} is not supported and was left as written',
    editorOnly: '{{variable}} has no meaning outside the editor and was left as written',
    noServers: 'no "{{key}}" object found: this file has no servers to import',
    notAnObject: 'expected a JSON object with the servers',
    envUnset:
      'server "{{name}}" uses ${env:{{variable}}}, which is not set here; the servers file will report an error until it is',
    inputUndefined: '${input:{{id}}} is used but not defined in "inputs"',
    inputCommand: 'input "{{id}}" runs an editor command; type its value instead',
    inputSecret:
      'the answer to "{{id}}" is a secret and will be stored in plain text in the servers file',
  },
  edit: {
    taken: 'the servers file already has {{names}}; choose other names',
    notJsonAt:
      'the servers file is not valid JSON (line {{line}}, column {{column}}: {{problem}}); fix it before changing servers',
    notJson: 'the servers file is not valid JSON; fix it before changing servers',
    notObject: 'the servers file is not a JSON object',
    noServer: 'there is no server named "{{name}}" in the servers file',
    serverNotObject: 'server "{{name}}" is not an object',
  },
  json: {
    tooDeep: 'nested deeper than {{max}} levels; the servers file cannot be read like this',
    trailingComma: 'trailing comma: JSON does not allow a comma before "{{found}}"',
    incomplete: 'unexpected end of file: the JSON is incomplete',
    valueExpected: 'expected a value (a string, number, object, array, true, false or null)',
    singleQuotedName: 'property names need double quotes, not single quotes',
    nameExpected: 'expected a property name in double quotes, found {{found}}',
    singleQuotedString: 'strings need double quotes, not single quotes',
    unexpected: 'unexpected {{found}}',
    number: 'invalid number',
    colon: 'expected ":" after the property name',
    comma: 'missing comma between items',
    missingBrace: 'unexpected end of file: missing "}"',
    braceExpected: 'expected "," or "}"',
    missingBracket: 'unexpected end of file: missing "]"',
    bracketExpected: 'expected "," or "]"',
    afterEnd: 'unexpected content after the end of the JSON value',
    comment: 'comments are not allowed in JSON',
    openComment: 'unterminated comment',
    openString: 'unterminated string: missing closing double quote',
    incompleteNumber: 'incomplete number',
    unicode: 'invalid \\u escape: expected four hex digits',
    escape: 'invalid escape sequence in string (backslashes must be written as \\\\)',
    control: 'control character in string: line breaks and tabs must be escaped (\\n, \\t)',
    invalid: 'invalid JSON',
  },
};
