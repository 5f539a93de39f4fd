import type { Node } from 'jsonc-parser';
import {
  IDP_CONFIG_KEYS,
  IDP_SECRET_FIELDS,
  idpConfigSchema,
  type IdpConfig,
} from '../../../shared/domain/oauthConfig';
import { hostText, type HostTextParam } from '../../../shared/text/hostText';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import { joinWords } from './joinWords';
import { readString } from './readJsonValues';
import { readKnownFields } from './readKnownFields';
import { report, schemaError, type ValidationContext } from './ValidationContext';

const secretFields: ReadonlySet<string> = new Set(IDP_SECRET_FIELDS);

/**
 * A string that holds a secret. Written as a reference (`${secret:NAME}` or `${env:NAME}`) it is
 * kept as such; a value written into the file itself works but is warned about, since the file
 * is plain text that people share and commit.
 */
export function readSecretString(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): string | undefined {
  const value = readString(ctx, node, path, { nonEmpty: true });
  if (value !== undefined && !String(node.value).includes('${')) {
    report(
      ctx,
      node,
      'warning',
      'schema',
      path,
      hostText('config.plainSecret', { path: formatJsonPath(path) }),
    );
  }
  return value;
}

/** `oauth.idp`: the organisation's identity provider for enterprise-managed authorization. */
export function readIdpConfig(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): IdpConfig | undefined {
  const where = formatJsonPath(path);
  if (node.type !== 'object') {
    return schemaError(ctx, node, path, hostText('config.idpNotObject', { path: where }));
  }
  const { values, ok } = readKnownFields(ctx, node, path, IDP_CONFIG_KEYS, (key, value, at) => {
    const text = secretFields.has(key)
      ? readSecretString(ctx, value, at)
      : readString(ctx, value, at, { nonEmpty: true });
    if (text === undefined || (key !== 'issuer' && key !== 'tokenEndpoint')) return text;
    if (idpConfigSchema.shape[key].safeParse(text).success) return text;
    return schemaError(
      ctx,
      value,
      at,
      hostText('config.mustBeUrl', {
        path: formatJsonPath(at),
        value: JSON.stringify(String(value.value)),
      }),
    );
  });
  if (!ok) return undefined;
  const out = values as Partial<IdpConfig>;
  const missing: HostTextParam[] = [];
  if (out.issuer === undefined && out.tokenEndpoint === undefined) {
    missing.push(joinWords('config.either', ['"issuer"', '"tokenEndpoint"']));
  }
  if (out.clientId === undefined) missing.push('"clientId"');
  if (out.idToken === undefined) missing.push('"idToken"');
  if (missing.length > 0) {
    return schemaError(
      ctx,
      node,
      path,
      hostText('config.needs', { path: where, names: joinWords('config.both', missing) }),
    );
  }
  return idpConfigSchema.parse(out);
}
