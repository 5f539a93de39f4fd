import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { installedBundleSchema, type InstalledBundle } from '../../../shared/domain/bundleViews';
import { writeFileAtomic } from '../../platform/writeFileAtomic';

const fileSchema = z.object({ bundles: z.array(installedBundleSchema) });

/** `bundles/installed.json`: which servers came from which bundle, and where it is unpacked. */
export class InstalledBundles {
  constructor(private readonly file: string) {}

  async list(): Promise<InstalledBundle[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return [];
    }
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      return [];
    }
    const parsed = fileSchema.safeParse(json);
    return parsed.success ? parsed.data.bundles : [];
  }

  async add(bundle: InstalledBundle): Promise<void> {
    const others = (await this.list()).filter((b) => b.serverName !== bundle.serverName);
    await this.write([...others, bundle]);
  }

  async remove(serverName: string): Promise<void> {
    await this.write((await this.list()).filter((b) => b.serverName !== serverName));
  }

  private write(bundles: InstalledBundle[]): Promise<void> {
    return writeFileAtomic(this.file, JSON.stringify({ bundles }, null, 2) + '\n');
  }
}
