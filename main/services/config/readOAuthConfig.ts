import { isAbsolute } from 'node:path';
import type { Node } from 'jsonc-parser';
import {
  OAUTH_CONFIG_KEYS,
  OAUTH_GRANTS,
  OAUTH_SECRET_FIELDS,
  oauthConfigSchema,
  SIGNING_ALGORITHMS,
  type OAuthConfig,
} from '../../../shared/domain/oauthConfig';
import { checkOAuthGrant } from './checkOAuthGrant';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import { readBoolean, readEnum, readString, readStringArray } from './readJsonValues';
import { readIdpConfig, readSecretString } from './readIdpConfig';
import { readKnownFields } from './readKnownFields';
import { schemaError, type ValidationContext } from './ValidationContext';
import { hostText } from '../../../shared/text/hostText';

const secretFields: ReadonlySet<string> = new Set(OAUTH_SECRET_FIELDS);

/**
 * Reads an HTTP server's `oauth` block: strings substituted like headers (`${secret:NAME}` is
 * kept for the secret store), unknown keys kept as warnings, what each grant needs checked,
 * every problem reported with its path. Undefined after an error.
 */
export function readOAuthConfig(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): OAuthConfig | undefined {
  const where = formatJsonPath(path);
  if (node.type !== 'object') {
    return schemaError(ctx, node, path, hostText('config.oauthNotObject', { path: where }));
  }
  const { values, ok, props } = readKnownFields(
    ctx,
    node,
    path,
    OAUTH_CONFIG_KEYS,
    (key, value, at) => readField(ctx, key, value, at),
  );
  if (!ok) return undefined;
  const out = values as OAuthConfig;
  return checkOAuthGrant(ctx, { node, path, props }, out) ? out : undefined;
}

function readField(
  ctx: ValidationContext,
  key: keyof OAuthConfig,
  node: Node,
  path: readonly JsonPathSegment[],
): unknown {
  const where = formatJsonPath(path);
  switch (key) {
    case 'grant':
      return readEnum(ctx, node, path, OAUTH_GRANTS);
    case 'signingAlgorithm':
      return readEnum(ctx, node, path, SIGNING_ALGORITHMS);
    case 'dpop':
      return readBoolean(ctx, node, path);
    case 'idp':
      return readIdpConfig(ctx, node, path);
    case 'scopes':
      return readStringArray(ctx, node, path);
    case 'redirectPort': {
      const port = Number(node.value);
      if (node.type === 'number' && oauthConfigSchema.shape.redirectPort.safeParse(port).success) {
        return port;
      }
      return schemaError(ctx, node, path, hostText('config.port', { path: where }));
    }
    case 'clientMetadataUrl': {
      const url = readString(ctx, node, path, { nonEmpty: true });
      if (url === undefined) return undefined;
      if (oauthConfigSchema.shape.clientMetadataUrl.safeParse(url).success && hasPath(url)) {
        return url;
      }
      // Quote what was written: the substituted value may come from the environment.
      return schemaError(
        ctx,
        node,
        path,
        hostText('config.metadataUrl', { path: where, value: JSON.stringify(String(node.value)) }),
      );
    }
    case 'clientId':
      return readString(ctx, node, path, { nonEmpty: true });
    case 'assertionFile': {
      const file = readString(ctx, node, path, { nonEmpty: true });
      if (file === undefined || isAbsolute(file)) return file;
      return schemaError(
        ctx,
        node,
        path,
        hostText('config.mustBeAbsolute', {
          path: where,
          value: JSON.stringify(String(node.value)),
        }),
      );
    }
    case 'clientSecret':
    case 'privateKey':
    case 'assertion':
      if (!secretFields.has(key)) return undefined;
      return readSecretString(ctx, node, path);
  }
}

function hasPath(url: string): boolean {
  return new URL(url).pathname.length > 1;
}
