/**
 * The parts of a `server.json` (MCP Registry schema 2025-12-11) and of the registry's list
 * responses that installing reads. Documents are checked against the published JSON Schema
 * (validateServerJson) before these types are trusted.
 */

/** A value the person may be asked for (an env var, header, argument or URL variable). */
export interface RegistryInput {
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  default?: string;
  choices?: string[];
  format?: 'string' | 'number' | 'boolean' | 'filepath';
  placeholder?: string;
  /** A fixed value (not asked); `{name}` in it refers to `variables`. */
  value?: string;
}

export interface InputWithVariables extends RegistryInput {
  variables?: Record<string, RegistryInput>;
}

export interface KeyValueInput extends InputWithVariables {
  name: string;
}

export interface PositionalArgument extends InputWithVariables {
  type: 'positional';
  valueHint?: string;
  isRepeated?: boolean;
}

export interface NamedArgument extends InputWithVariables {
  type: 'named';
  name: string;
  isRepeated?: boolean;
}

export type PackageArgument = PositionalArgument | NamedArgument;

export interface PackageTransport {
  type: 'stdio' | 'streamable-http' | 'sse';
  url?: string;
  headers?: KeyValueInput[];
}

export interface RegistryPackage {
  registryType: string;
  identifier: string;
  version?: string;
  registryBaseUrl?: string;
  fileSha256?: string;
  runtimeHint?: string;
  runtimeArguments?: PackageArgument[];
  packageArguments?: PackageArgument[];
  environmentVariables?: KeyValueInput[];
  transport: PackageTransport;
}

export interface RemoteTransport {
  type: 'streamable-http' | 'sse';
  url: string;
  headers?: KeyValueInput[];
  variables?: Record<string, RegistryInput>;
}

export interface ServerJson {
  name: string;
  description: string;
  version: string;
  title?: string;
  websiteUrl?: string;
  repository?: { url: string; source: string };
  packages?: RegistryPackage[];
  remotes?: RemoteTransport[];
}

/** Registry-managed facts about an entry (`_meta["io.modelcontextprotocol.registry/official"]`). */
export interface OfficialMeta {
  status?: string;
  publishedAt?: string;
  updatedAt?: string;
  isLatest?: boolean;
}

/** One element of `servers[]` in a list response, or a single-version response. */
export interface RegistryEntry {
  server: ServerJson;
  _meta?: Record<string, unknown>;
}

export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official';
