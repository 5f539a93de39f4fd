import { createHash } from 'node:crypto';
import { McpUiResourceMetaSchema } from '@modelcontextprotocol/ext-apps/app-bridge';
import {
  APP_MIME_TYPE,
  appPermissionSchema,
  type AppCsp,
  type AppFailure,
  type AppPermission,
} from '../../../shared/domain/apps';
import { base64Bytes } from '../../../shared/domain/attachments';
import { formatBytes } from '../../../shared/domain/formatBytes';
import { AppError } from '../../../shared/errors';
import type { ReadResourceResult } from '../mcp/session/mcpTypes';

/** Largest UI resource loaded (decoded bytes); real Apps bundle everything into one page. */
export const MAX_UI_RESOURCE_BYTES = 5 * 1024 * 1024;

/** What the App declared about itself (`_meta.ui` of the resource). */
export interface UiResourceMeta {
  csp: AppCsp;
  permissions: AppPermission[];
  domain?: string;
  prefersBorder?: boolean;
}

/** A UI resource ready to be shown. */
export interface UiResource {
  uri: string;
  html: string;
  /** SHA-256 (hex) of the HTML. */
  contentHash: string;
  meta: UiResourceMeta;
}

export type UiResourceResult =
  { ok: true; resource: UiResource } | { ok: false; failure: AppFailure };

/** How the server is asked: `resources/read`, and its `resources/list` entry's `_meta`. */
export interface UiResourceSource {
  read: (uri: string) => Promise<ReadResourceResult>;
  /** The list entry's `_meta` for the URI, if the server lists it (failures: none). */
  listedMeta: (uri: string) => Promise<Record<string, unknown> | undefined>;
}

/**
 * Reads an App's UI resource and checks it the way the extension requires: the content item for
 * the URI, of type `text/html;profile=mcp-app`, as text or base64 blob, within the size cap. The
 * resource's `_meta.ui` is the list entry's, overridden field by field by the content item's.
 */
export async function readUiResource(
  uri: string,
  source: UiResourceSource,
  maxBytes = MAX_UI_RESOURCE_BYTES,
): Promise<UiResourceResult> {
  let result: ReadResourceResult;
  try {
    result = await source.read(uri);
  } catch (error) {
    const appError = AppError.from(error);
    return fail(
      isNotFound(appError) ? 'resource-missing' : 'read-failed',
      `resources/read ${uri} failed: ${appError.message}`,
    );
  }
  const item = result.contents.find((c) => c.uri === uri) ?? result.contents[0];
  if (!item) return fail('resource-missing', `The server returned no content for ${uri}.`);
  const mime = normalizeMime(item.mimeType);
  if (mime !== APP_MIME_TYPE) {
    return fail(
      'wrong-mime',
      `${uri} has type "${item.mimeType ?? '(none)'}"; an App must be ${APP_MIME_TYPE}.`,
    );
  }
  let html: string;
  if ('text' in item && typeof item.text === 'string') {
    const bytes = Buffer.byteLength(item.text, 'utf8');
    if (bytes > maxBytes) return tooLarge(uri, bytes, maxBytes);
    html = item.text;
  } else if ('blob' in item && typeof item.blob === 'string') {
    const bytes = base64Bytes(item.blob);
    if (bytes > maxBytes) return tooLarge(uri, bytes, maxBytes);
    html = Buffer.from(item.blob, 'base64').toString('utf8');
  } else {
    return fail('read-failed', `${uri} has neither text nor blob content.`);
  }
  const listed = await source.listedMeta(uri).catch(() => undefined);
  const meta = mergeMeta(uiMetaOf(listed), uiMetaOf(item._meta));
  return {
    ok: true,
    resource: { uri, html, contentHash: sha256(html), meta },
  };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function uiMetaOf(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  const ui = meta?.ui;
  return typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>) : {};
}

/** The content item's fields win; each field is read with the extension's own schema. */
function mergeMeta(listed: Record<string, unknown>, item: Record<string, unknown>): UiResourceMeta {
  const merged = { ...listed, ...item };
  const { shape } = McpUiResourceMetaSchema;
  // Each field on its own: one malformed field does not lose the others.
  const read = <T>(
    schema: { safeParse(v: unknown): { success: boolean; data?: T } },
    key: string,
  ) => {
    const parsed = schema.safeParse(merged[key]);
    return parsed.success ? parsed.data : undefined;
  };
  const csp = read(shape.csp, 'csp') ?? {};
  const permissions = Object.keys(read(shape.permissions, 'permissions') ?? {}).filter(
    (name): name is AppPermission => appPermissionSchema.safeParse(name).success,
  );
  const domain = read(shape.domain, 'domain');
  const prefersBorder = read(shape.prefersBorder, 'prefersBorder');
  return {
    csp: {
      ...(csp.connectDomains ? { connectDomains: csp.connectDomains } : {}),
      ...(csp.resourceDomains ? { resourceDomains: csp.resourceDomains } : {}),
      ...(csp.frameDomains ? { frameDomains: csp.frameDomains } : {}),
      ...(csp.baseUriDomains ? { baseUriDomains: csp.baseUriDomains } : {}),
    },
    permissions,
    ...(domain !== undefined ? { domain } : {}),
    ...(prefersBorder !== undefined ? { prefersBorder } : {}),
  };
}

/** `text/html; profile=mcp-app` and `TEXT/HTML;profile=mcp-app` are the same type. */
function normalizeMime(mime: string | undefined): string {
  return (mime ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase())
    .join(';');
}

function isNotFound(error: AppError): boolean {
  const code = (error.data as { code?: unknown } | undefined)?.code;
  return code === -32002 || /not found|unknown resource|no resource/i.test(error.message);
}

function tooLarge(uri: string, bytes: number, maxBytes: number): UiResourceResult {
  return fail(
    'too-large',
    `${uri} is ${formatBytes(bytes)}; Apps up to ${formatBytes(maxBytes)} are loaded.`,
  );
}

function fail(kind: AppFailure['kind'], detail: string): UiResourceResult {
  return { ok: false, failure: { kind, detail } };
}
