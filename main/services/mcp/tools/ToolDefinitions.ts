import { createHash } from 'node:crypto';
import type { ModelTool } from '../../models/ModelClient';
import type { Tool } from '../session/mcpTypes';
import { toModelTool } from './toModelTool';
import { definitionJson, estimateTextTokens } from './estimateTokens';

/** What a turn needs of one catalogue tool, computed once per definition. */
export interface ToolDefinition {
  /** The tool as every model request spells it (the same object every turn). */
  tool: ModelTool;
  /** SHA-256 of everything a request and the search index read of it. */
  digest: string;
  /** Estimated tokens of the definition in a request. */
  tokens: number;
}

/** Estimates are kept for this many distinct definitions (the oldest go first). */
const MAX_DIGESTS = 50_000;

/**
 * Per-definition facts of catalogue tools, so a turn's work does not grow with the catalogue:
 * a server's tool objects stay the same between turns (a lookup), and a re-listed catalogue
 * with unchanged definitions reuses the estimates by digest. Only a new or changed definition
 * is serialized and estimated.
 */
export class ToolDefinitions {
  /** Tool object → model name → definition (one object may be offered under two names). */
  private readonly byTool = new WeakMap<Tool, Map<string, ToolDefinition>>();
  private readonly byModelTool = new WeakMap<ModelTool, ToolDefinition>();
  private readonly tokensByDigest = new Map<string, number>();

  /** `estimate` turns a definition's JSON into tokens (a test counts its calls). */
  constructor(private readonly estimate: (json: string) => number = estimateTextTokens) {}

  /** The definition of one catalogue tool under its model-facing name. */
  of(modelName: string, tool: Tool): ToolDefinition {
    const names = this.byTool.get(tool);
    const known = names?.get(modelName);
    if (known) return known;
    const modelTool = toModelTool(modelName, tool);
    const json = definitionJson(modelTool);
    // The title is searched but not sent: a changed title must reach the index too.
    const digest = createHash('sha256')
      .update(json)
      .update('\u0000')
      .update(tool.title ?? '')
      .digest('base64url');
    let tokens = this.tokensByDigest.get(digest);
    if (tokens === undefined) {
      tokens = this.estimate(json);
      this.tokensByDigest.set(digest, tokens);
      if (this.tokensByDigest.size > MAX_DIGESTS) {
        this.tokensByDigest.delete(this.tokensByDigest.keys().next().value ?? '');
      }
    }
    const definition = { tool: modelTool, digest, tokens };
    if (names) names.set(modelName, definition);
    else this.byTool.set(tool, new Map([[modelName, definition]]));
    this.byModelTool.set(modelTool, definition);
    return definition;
  }

  /** Tokens of a tool in a request: a catalogue tool's kept estimate, else estimated now. */
  tokensOf(tool: ModelTool): number {
    return this.byModelTool.get(tool)?.tokens ?? this.estimate(definitionJson(tool));
  }
}

/** The process's definitions: shared by the turns, the usage lines and the Servers screen. */
export const toolDefinitions = new ToolDefinitions();
