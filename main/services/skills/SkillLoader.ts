import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { SessionSkills, Skill, SkillFile, SkillRefusal } from '../mcp/session/SessionSkills';

/** One enabled skill as the loader reaches it: where from, how the model names it, its entry. */
export interface SkillSource {
  server: string;
  qualifiedName: string;
  entry: Skill;
  skills: SessionSkills;
}

/** What to do with a refusal besides refusing: the server's log, the skill's view. */
export type RefusalReporter = (source: SkillSource, message: string, refusal: SkillRefusal) => void;

/** Whether the person's approval still covers the source's entry (it may have been revoked). */
export type ApprovalCheck = (source: SkillSource) => boolean;

/** Conversations whose loaded skills are remembered; the oldest are forgotten beyond that. */
const MAX_CONVERSATIONS = 200;

/**
 * Loads skills for the model (SEP-2640), lazily and verified. `SKILL.md` is fetched when the
 * model loads the skill, a supporting file when the model reads it — nothing ahead of need.
 * Each read is verified against the entry (size, digest; for `SKILL.md` the frontmatter field
 * by field); on any difference the skill is refused, the reason reported, and nothing of the
 * content is used. Loading opens the window in which the host acts on the skill: from then on,
 * in that conversation, its files are read against the very entry it was loaded from, and a
 * file of a skill that was not loaded (or was refused) is not read at all. Before any read, the
 * person's approval must still cover the entry: a skill whose approval a changed listing revoked
 * is not read, even by a tool made before the change.
 */
export class SkillLoader {
  /** Conversation → qualified name → the entry the skill was loaded from. */
  private readonly windows = new Map<string, Map<string, Skill>>();

  constructor(
    private readonly report: RefusalReporter,
    private readonly approved: ApprovalCheck,
  ) {}

  /** Fetches and verifies the skill's `SKILL.md`; rejects with SKILL_REFUSED on a mismatch. */
  async load(conversation: string, source: SkillSource): Promise<SkillFile> {
    this.close(conversation, source.qualifiedName);
    this.checkApproval(source);
    const file = await this.verified(source, source.entry, undefined);
    this.open(conversation, source.qualifiedName, source.entry);
    return file;
  }

  /**
   * Reads `path` (relative to the skill's root) of a skill loaded in this conversation, verified
   * against the entry it was loaded from. Rejects with VALIDATION when the skill is not loaded
   * here, SKILL_REFUSED when the file is unlisted or does not match.
   */
  async readFile(conversation: string, source: SkillSource, path: string): Promise<SkillFile> {
    const entry = this.windows.get(conversation)?.get(source.qualifiedName);
    if (!entry) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('skills.notLoaded', { name: source.qualifiedName }),
      );
    }
    this.checkApproval({ ...source, entry });
    return this.verified(source, entry, path);
  }

  private checkApproval(source: SkillSource): void {
    if (this.approved(source)) return;
    throw new AppError(
      AppErrorCode.Validation,
      hostText('skills.notApproved', { name: source.qualifiedName }),
    );
  }

  /** Whether the skill was loaded (and passed verification) in this conversation. */
  isLoaded(conversation: string, qualifiedName: string): boolean {
    return this.windows.get(conversation)?.has(qualifiedName) ?? false;
  }

  /** Forgets a conversation's loaded skills (it was deleted). */
  forget(conversation: string): void {
    this.windows.delete(conversation);
  }

  private async verified(source: SkillSource, entry: Skill, path: string | undefined) {
    try {
      return await source.skills.read(entry, path);
    } catch (error) {
      if (error instanceof AppError && error.code === AppErrorCode.SkillRefused) {
        const refusal = error.data as SkillRefusal;
        // A refused SKILL.md ends the window: nothing more of this skill is read.
        if (path === undefined || refusal.reason !== 'unlisted') {
          for (const loaded of this.windows.values()) loaded.delete(source.qualifiedName);
        }
        this.report(source, error.message, refusal);
      }
      throw error;
    }
  }

  private open(conversation: string, qualifiedName: string, entry: Skill): void {
    let loaded = this.windows.get(conversation);
    if (!loaded) {
      loaded = new Map();
      this.windows.set(conversation, loaded);
      const oldest = this.windows.keys().next().value;
      if (this.windows.size > MAX_CONVERSATIONS && oldest !== undefined) {
        this.windows.delete(oldest);
      }
    }
    loaded.set(qualifiedName, entry);
  }

  private close(conversation: string, qualifiedName: string): void {
    this.windows.get(conversation)?.delete(qualifiedName);
  }
}
