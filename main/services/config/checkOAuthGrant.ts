import type { Node } from 'jsonc-parser';
import { grantOf, type OAuthConfig, type OAuthGrant } from '../../../shared/domain/oauthConfig';
import { hostText } from '../../../shared/text/hostText';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import { joinWords } from './joinWords';
import { schemaError, type PropertyNodes, type ValidationContext } from './ValidationContext';

type Field = keyof OAuthConfig;

/** Fields that only mean something with one grant (or a few). */
const ONLY_WITH: Partial<Record<Field, readonly OAuthGrant[]>> = {
  clientMetadataUrl: ['authorization_code'],
  redirectPort: ['authorization_code'],
  privateKey: ['client_credentials'],
  signingAlgorithm: ['client_credentials'],
  assertion: ['jwt_bearer'],
  assertionFile: ['jwt_bearer'],
  idp: ['enterprise'],
};

/** What each grant cannot do without: every group needs exactly one of its fields. */
const NEEDS: Record<OAuthGrant, readonly (readonly Field[])[]> = {
  authorization_code: [],
  client_credentials: [['clientId'], ['clientSecret', 'privateKey']],
  jwt_bearer: [['assertion', 'assertionFile']],
  enterprise: [['clientId'], ['clientSecret'], ['idp']],
};

interface BlockNodes {
  node: Node;
  path: readonly JsonPathSegment[];
  props: ReadonlyMap<string, PropertyNodes>;
}

/**
 * Checks that the block's fields fit its grant: what the grant needs is there (exactly one of
 * alternatives), and nothing that belongs to another grant was written (it would be silently
 * ignored otherwise, and the person would wonder why their key is not used). Reports each
 * problem where it is; true when there was none.
 */
export function checkOAuthGrant(
  ctx: ValidationContext,
  block: BlockNodes,
  config: OAuthConfig,
): boolean {
  const grant = grantOf(config);
  const where = formatJsonPath(block.path);
  let ok = true;
  for (const [field, grants] of Object.entries(ONLY_WITH) as [Field, readonly OAuthGrant[]][]) {
    const property = block.props.get(field);
    if (!property || grants.includes(grant)) continue;
    ok = false;
    schemaError(
      ctx,
      property.key,
      [...block.path, field],
      hostText('config.grantOnly', {
        path: where,
        field,
        grants: joinWords(
          'config.either',
          grants.map((g) => `"${g}"`),
        ),
        grant,
      }),
    );
  }
  for (const group of NEEDS[grant]) {
    const present = group.filter((field) => config[field] !== undefined);
    if (present.length === 1) continue;
    ok = false;
    const names = joinWords(
      'config.either',
      group.map((field) => `"${field}"`),
    );
    if (present.length === 0) {
      schemaError(
        ctx,
        block.node,
        block.path,
        hostText('config.grantNeeds', { path: where, grant, names }),
      );
    } else {
      const second = block.props.get(present[1] ?? '')?.key ?? block.node;
      schemaError(
        ctx,
        second,
        [...block.path, present[1] ?? ''],
        hostText('config.grantOnlyOne', { path: where, grant, names }),
      );
    }
  }
  return ok;
}
