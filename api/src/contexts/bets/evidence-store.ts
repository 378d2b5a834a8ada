import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { EvidenceFile } from '@wager/domain/bets/index';

export const SHA256_PATTERN = /^[0-9a-f]{64}$/;
/** A file name is kept to this many characters (code points: a cut never splits a surrogate pair). */
export const EVIDENCE_FILENAME_LENGTH_MAX = 200;

/**
 * Evidence files, content-addressed: `<DATA_DIR>/evidence/<sha256>`. The same bytes uploaded
 * twice are one file; the bet event records the hash, so the file can be checked against it.
 */
export class EvidenceStore {
  private readonly dir: string;
  constructor(dataDir: string) {
    this.dir = resolve(dataDir, 'evidence');
  }

  async put(bytes: Buffer, contentType: string, filename: string): Promise<EvidenceFile> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await mkdir(this.dir, { recursive: true });
    const target = join(this.dir, sha256);
    const exists = await stat(target).then(() => true, () => false);
    if (!exists) {
      // Write aside, then rename: a reader never sees a half-written file under its hash.
      const temporary = join(this.dir, `.${sha256}.${process.pid}.${Math.random().toString(36).slice(2)}`);
      await writeFile(temporary, bytes);
      await rename(temporary, target).catch(async (error: unknown) => {
        await rm(temporary, { force: true });
        throw error;
      });
    }
    return { sha256, contentType, sizeBytes: bytes.length, filename: Array.from(filename).slice(0, EVIDENCE_FILENAME_LENGTH_MAX).join('') };
  }

  open(sha256: string) {
    if (!SHA256_PATTERN.test(sha256)) throw new Error('Assertion failed: evidence is addressed by a sha256');
    return createReadStream(join(this.dir, sha256));
  }

  /** Deletes the file (retention, erasure); a file already gone is fine. */
  async delete(sha256: string): Promise<void> {
    if (!SHA256_PATTERN.test(sha256)) throw new Error('Assertion failed: evidence is addressed by a sha256');
    await rm(join(this.dir, sha256), { force: true });
  }

  async exists(sha256: string): Promise<boolean> {
    return SHA256_PATTERN.test(sha256) && (await stat(join(this.dir, sha256)).then(() => true, () => false));
  }
}
