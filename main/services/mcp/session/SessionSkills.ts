import type { Client } from '@modelcontextprotocol/client';
import {
  SKILLS_EXTENSION_ID,
  SkillsClient,
  SkillVerificationError,
  type InvalidSkillEntry,
  type Skill,
  type SkillFile,
} from '@modelcontextprotocol/client/ext/skills';
import { parse } from 'yaml';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';
import type { ServerCapabilities } from './mcpTypes';

export type { InvalidSkillEntry, Skill, SkillFile } from '@modelcontextprotocol/client/ext/skills';

/** Runs one request on the session's current client, mapping failures (McpSession.run). */
export type SessionRunner = <T>(
  operation: string,
  request: (client: Client) => Promise<T>,
) => Promise<T>;

/** Why a skill file was refused, as carried in a SKILL_REFUSED error's `data`. */
export interface SkillRefusal {
  reason: 'unlisted' | 'size' | 'digest' | 'frontmatter';
  uri: string;
  /** For `frontmatter`: one line per differing field. */
  differences: string[];
}

/** Whether the server declared the skills extension (SEP-2640). */
export function offersSkills(capabilities: ServerCapabilities | undefined): boolean {
  const declared = (capabilities as { extensions?: Record<string, unknown> } | undefined)
    ?.extensions;
  return declared?.[SKILLS_EXTENSION_ID] !== undefined;
}

/**
 * The skills of one session (SEP-2640), through the SDK's `SkillsClient`: listing (`skills/list`,
 * every page; entries the SDK finds invalid come back with the reason instead of failing the
 * whole listing) and verified reads. A read is checked against the entry it is given — the
 * file must be listed, its size and SHA-256 digest must match, and a `SKILL.md`'s frontmatter,
 * parsed here with a real YAML 1.2 parser, must equal the entry's field by field — and a
 * mismatch is SKILL_REFUSED with the reason: unverified content never leaves this class.
 */
export class SessionSkills {
  constructor(private readonly run: SessionRunner) {}

  /** Every skill the server lists, and the entries it lists that are not valid. */
  list(): Promise<{ skills: Skill[]; invalid: InvalidSkillEntry[] }> {
    return this.run('skills/list', async (client) => {
      const { skills, invalid } = await skillsOf(client).list();
      return { skills, invalid };
    });
  }

  /**
   * Reads `ref` of `skill` (a path relative to the skill's root; default its `SKILL.md`) and
   * verifies it. Rejects with SKILL_REFUSED ({@link SkillRefusal} in `data`) on any mismatch.
   */
  read(skill: Skill, ref?: string): Promise<SkillFile> {
    return this.run(`resources/read ${ref ?? skill.uri}`, async (client) => {
      try {
        return await skillsOf(client).read(skill, ref);
      } catch (error) {
        if (!(error instanceof SkillVerificationError)) throw error;
        const refusal: SkillRefusal = {
          reason: error.reason,
          uri: error.uri,
          differences: [...error.differences],
        };
        throw new AppError(
          AppErrorCode.SkillRefused,
          // The SDK's words name the file and what differs; the window gets them inside its own.
          hostText('skills.failedCheck', { detail: error.message }),
          refusal,
        );
      }
    });
  }
}

function skillsOf(client: Client): SkillsClient {
  return new SkillsClient(client, { parseFrontmatter: parseYamlMapping, skipInvalid: true });
}

/** The frontmatter as YAML 1.2 (core schema): a mapping, duplicate keys refused. */
function parseYamlMapping(yaml: string): Record<string, unknown> {
  const value: unknown = parse(yaml, { schema: 'core', uniqueKeys: true, maxAliasCount: 0 });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('the frontmatter is not a YAML mapping');
  }
  return value as Record<string, unknown>;
}
