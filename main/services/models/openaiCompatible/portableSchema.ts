import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText, type HostText } from '../../../../shared/text/hostText';

type Json = Record<string, unknown>;

/** Keywords that only name or annotate a schema document; some servers refuse them. */
const DOCUMENT_KEYWORDS = new Set([
  '$schema',
  '$id',
  '$comment',
  '$anchor',
  '$defs',
  'definitions',
]);
const MAX_DEPTH = 64;

/**
 * A tool's input schema in the form every Chat Completions server accepts: local `$ref`s are
 * replaced by what they point to (several servers reject `$ref`/`$defs`), document keywords are
 * dropped, and the top level is an object with `properties`. Everything else (types, enums,
 * formats, bounds, descriptions, `anyOf`) is kept as written. A schema that cannot be written
 * without references (it refers to itself, or to another document) is refused with an error
 * that names the tool and the provider.
 */
export function portableSchema(schema: Json, tool: string, provider: string): Json {
  const refuse = (why: HostText): never => {
    throw new AppError(
      AppErrorCode.LlmBadRequest,
      hostText('model.schemaRefused', { tool, provider, why }),
    );
  };

  const resolve = (ref: string): unknown => {
    if (!ref.startsWith('#')) return refuse(hostText('model.schemaWhy.otherDocument', { ref }));
    let node: unknown = schema;
    for (const raw of ref.slice(1).split('/').filter(Boolean)) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      node = isObject(node) ? node[decodeURIComponent(key)] : undefined;
    }
    return node === undefined ? refuse(hostText('model.schemaWhy.leadsNowhere', { ref })) : node;
  };

  const walk = (node: unknown, trail: readonly string[], depth: number): unknown => {
    if (depth > MAX_DEPTH) return refuse(hostText('model.schemaWhy.tooDeep'));
    if (Array.isArray(node)) return node.map((item) => walk(item, trail, depth + 1));
    if (!isObject(node)) return node;
    const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
    if (ref !== undefined) {
      if (trail.includes(ref)) return refuse(hostText('model.schemaWhy.selfReference', { ref }));
      const target = walk(resolve(ref), [...trail, ref], depth + 1);
      const { $ref: _ref, ...siblings } = node;
      const rest = walk(siblings, trail, depth + 1) as Json;
      return isObject(target) ? { ...target, ...rest } : target;
    }
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (DOCUMENT_KEYWORDS.has(key)) continue;
      // Inside `properties` the keys are property names, not keywords: keep them all.
      out[key] =
        key === 'properties' && isObject(value)
          ? walkProperties(value)
          : walk(value, trail, depth + 1);
    }
    return out;

    function walkProperties(properties: Json): Json {
      return Object.fromEntries(
        Object.entries(properties).map(([name, value]) => [name, walk(value, trail, depth + 2)]),
      );
    }
  };

  const portable = walk(schema, [], 0);
  const top = isObject(portable) ? portable : {};
  return { ...top, type: 'object', properties: isObject(top.properties) ? top.properties : {} };
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
