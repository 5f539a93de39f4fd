/**
 * Main's messages about the MCP registry: reading its documents and adding a server from it, in English (part of `hostMessages`, under `registry`; the Chinese
 * words are in renderer/i18n/locales/zhCN/registryHost.ts).
 */
export const registryMessages = {
  notAChoice: '{{label}}: {{value}} (one of {{choices}})',
  noOption: '{{name}} has no install option {{index}}.',
  needsValue: '{{name}} needs {{labels}}; give it a value to install.',
  needsValues: '{{name}} needs {{labels}}; give them a value to install.',
  notAllowed: 'Not an allowed value: {{values}}.',
  mcpbPackage:
    'This package is an .mcpb bundle download: download the file and use “Install bundle”.',
  unknownRunner:
    'Packages from {{type}} cannot be started by Switchboard (npm, PyPI, NuGet and OCI images can).',
  runnerRefused:
    'This package asks to be started with “{{hint}}”; {{type}} packages start only with {{runner}}.',
  badIdentifier: 'The package name “{{identifier}}” is not a plain {{type}} package name.',
  badVersion: 'The package version “{{version}}” is not a plain version.',
  argumentRefused:
    'The registry gives {{runner}} the argument “{{argument}}”, which is not one a registry may give it ({{allowed}}).',
  dockerArgumentRefused:
    'The registry gives docker the argument “{{argument}}”, which is not one a registry may give it ({{allowed}}). Mounts, devices, privileges and host namespaces are for you to add yourself, under “Extra docker arguments”.',
  extraForDockerOnly: 'Extra arguments can only be added to docker (OCI images).',
  badEnvName: 'The registry names an environment variable “{{name}}”, which is not a plain name.',
  badHeaderName: 'The registry names a header “{{name}}”, which is not a plain header name.',
  badArgumentName:
    'The registry names an argument “{{name}}”, which refers to your secrets or environment.',
  cannotPin: 'The version document of {{name}} cannot be pinned: {{reason}}.',
  wrongDocument: 'The registry answered the request for {{name}} {{version}} with {{got}}.',
  reviewGone:
    'The review of {{name}} {{version}} is no longer kept here; open it again to install.',
  differsFromListing:
    'The version document of {{name}} {{version}} differs from the listing you reviewed, in what would run ({{changes}}). Nothing was installed.',
  changedSinceReview:
    'The registry’s version document of {{name}} {{version}} differs from the one you reviewed ({{changes}}). Nothing was installed.',
  notStdio:
    'This package serves {{transport}} on this computer; Switchboard starts packages over stdio only.',
  schemaMismatch:
    '{{name}} {{version}} does not match the published server.json schema: {{problems}}',
  unreachable: 'Could not reach the MCP Registry at {{url}}: {{reason}}',
  notFound: 'The MCP Registry at {{url}} has no {{path}}.',
  answered: 'The MCP Registry at {{url}} answered {{status}}.',
  answeredWith: 'The MCP Registry at {{url}} answered {{status}}: {{detail}}.',
  tooLarge:
    'The answer of the MCP Registry at {{url}} is larger than {{limit}}; it was not read further.',
};
