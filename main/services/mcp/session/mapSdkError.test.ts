import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { isRetrySafeTool, isStaleSessionError } from './isStaleSessionError';
import { mapSdkError } from './mapSdkError';

describe('mapSdkError', () => {
  it.each<[Error, AppErrorCode]>([
    [new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), AppErrorCode.McpTimeout],
    [new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), AppErrorCode.McpClosed],
    [new SdkError(SdkErrorCode.NotConnected, 'Not connected'), AppErrorCode.McpClosed],
    [new ProtocolError(-32602, 'Tool x not found'), AppErrorCode.McpProtocol],
    [new SdkError(SdkErrorCode.EraNegotiationFailed, 'no overlap'), AppErrorCode.McpProtocol],
    [new UnauthorizedError(), AppErrorCode.McpAuthRequired],
    [
      Object.assign(new Error('spawn nope ENOENT'), { code: 'ENOENT', syscall: 'spawn nope' }),
      AppErrorCode.McpSpawnFailed,
    ],
    [
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
      }),
      AppErrorCode.McpClosed,
    ],
    [new Error('something else'), AppErrorCode.Internal],
  ])('maps %s', (error, code) => {
    expect(mapSdkError(error).code).toBe(code);
  });

  it('keeps the original code, message and data', () => {
    const mapped = mapSdkError(new ProtocolError(-32602, 'Tool x not found', { tool: 'x' }), {
      operation: 'tools/call x',
    });
    expect(mapped.message).toBe('Tool x not found');
    expect(mapped.data).toEqual({
      operation: 'tools/call x',
      name: 'ProtocolError',
      message: 'Tool x not found',
      code: -32602,
      data: { tool: 'x' },
    });
  });

  it('reports an aborted request as CANCELLED even though the SDK calls it a timeout', () => {
    const error = new SdkError(SdkErrorCode.RequestTimeout, 'AbortError');
    expect(mapSdkError(error, { cancelled: true }).code).toBe(AppErrorCode.Cancelled);
  });

  it('treats a probe network failure as an unreachable server', () => {
    const cause = new TypeError('fetch failed');
    const error = new SdkError(SdkErrorCode.EraNegotiationFailed, 'probe failed', {}, { cause });
    expect(mapSdkError(error).code).toBe(AppErrorCode.McpClosed);
  });

  it('passes AppErrors through', () => {
    const original = new AppError(AppErrorCode.Cancelled, 'x');
    expect(mapSdkError(original)).toBe(original);
  });
});

describe('stale sessions and retry safety', () => {
  const http = (status: number, text?: string) =>
    new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing', { status, text });

  it('recognises 404, and 400 that talks about the session, only with a session id', () => {
    expect(isStaleSessionError(http(404), true)).toBe(true);
    expect(isStaleSessionError(http(400, 'Bad Request: No valid session ID provided'), true)).toBe(
      true,
    );
    expect(isStaleSessionError(http(400, 'bad arguments'), true)).toBe(false);
    expect(isStaleSessionError(http(404), false)).toBe(false);
    expect(isStaleSessionError(new Error('404'), true)).toBe(false);
  });

  it('repeats only tools the server marks read-only or idempotent', () => {
    const tool = (annotations: object) => ({
      name: 't',
      inputSchema: { type: 'object' as const },
      annotations,
    });
    expect(isRetrySafeTool(tool({ readOnlyHint: true }))).toBe(true);
    expect(isRetrySafeTool(tool({ idempotentHint: true }))).toBe(true);
    expect(isRetrySafeTool(tool({ readOnlyHint: false }))).toBe(false);
    expect(isRetrySafeTool(undefined)).toBe(false);
  });
});
