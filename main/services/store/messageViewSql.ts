import { AppErrorCode } from '../../../shared/errors';

/**
 * A `tool_result` block whose content is longer than this (bytes of its JSON) comes
 * without it in a window's pages, marked `omitted`, when the call's result is stored: the card
 * reads that result when it opens. A long history's carrier messages are otherwise half of
 * every page, sent and parsed for cards nobody opens.
 */
export const OMITTED_RESULT_BYTES = 1000;

const knownCodes = Object.values(AppErrorCode).map((code) => {
  // Inlined as SQL literals below: only ever the enum's own upper-case names.
  if (!/^[A-Z_]+$/.test(code)) throw new Error(`unexpected error code ${code}`);
  return `'${code}'`;
});

/** `object` with `key` set to `value` when `value` is not NULL. */
const withKey = (object: string, key: string, value: string): string =>
  `CASE WHEN ${value} IS NULL THEN ${object} ELSE json_set(${object}, '$.${key}', ${value}) END`;

/** An optional field: `,"name":value`, or nothing when `present` is false. */
const optional = (present: string, name: string, json: string): string =>
  `CASE WHEN ${present} THEN ',"${name}":' || ${json} ELSE '' END`;

const error = withKey(
  `json_object('code', CASE WHEN error_code IN (${knownCodes.join(', ')}) THEN error_code
     ELSE '${AppErrorCode.Internal}' END, 'message', ifnull(error_message, ''))`,
  'text',
  `CASE WHEN error_text IS NULL OR error_text = 'null' THEN NULL ELSE json(error_text) END`,
);

const usage = withKey(
  `json_object('inputTokens', usage ->> '$.input', 'outputTokens', usage ->> '$.output',
     'cacheReadInputTokens', usage ->> '$.cacheRead',
     'cacheCreationInputTokens', usage ->> '$.cacheWrite')`,
  'tools',
  `CASE WHEN usage ->> '$.tools' IS NULL THEN NULL ELSE usage -> '$.tools' END`,
);

/**
 * A message row as the start of a window's `MessageView` JSON, everything but `branch` and
 * `content` and without the closing brace (see `toConversationViews.toMessageView`, which this
 * must agree with; a test compares the two). Built by SQLite, so a page of a long history is
 * one string per row and never a row object, a record and a view in JavaScript.
 */
export const messageViewHeadSql = `'{"id":' || json_quote(id) || ',"ordinal":' || ordinal
  || ',"role":' || json_quote(role) || ',"status":' || json_quote(status)
  || ${optional('error_code IS NOT NULL', 'error', error)}
  || ${optional(`usage IS NOT NULL AND usage <> 'null'`, 'usage', usage)}
  || ${optional(`ifnull(provider, '') <> ''`, 'provider', 'json_quote(provider)')}
  || ${optional(`ifnull(model, '') <> ''`, 'model', 'json_quote(model)')}
  || ',"createdAt":' || created_at
  || ${optional('attachments IS NOT NULL', 'attachments', 'attachments')}`;

/**
 * The row's content as a window gets it: as stored, except that a person's message carrying
 * tool results has each long one's content left out (see {@link OMITTED_RESULT_BYTES}). Only
 * those messages are parsed, by SQLite. The blocks keep their order: json_each reads the array
 * in order and nothing else feeds the aggregate (an ORDER BY there would sort every message).
 */
export const messageViewContentSql = `CASE
  WHEN role = 'user' AND octet_length(content) > ${OMITTED_RESULT_BYTES}
    AND instr(content, '"tool_result"') > 0 THEN (
    SELECT json_group_array(CASE
        WHEN block.value ->> '$.type' = 'tool_result'
          AND octet_length(block.value -> '$.content') > ${OMITTED_RESULT_BYTES}
          AND EXISTS (SELECT 1 FROM tool_calls
                      WHERE tool_calls.id = block.value ->> '$.tool_use_id'
                        AND tool_calls.result IS NOT NULL)
        THEN json_set(json_remove(block.value, '$.content'), '$.omitted', json('true'))
        ELSE json(block.value) END)
    FROM json_each(content) AS block)
  ELSE content END`;
