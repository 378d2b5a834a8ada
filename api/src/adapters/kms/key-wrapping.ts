/**
 * The KMS-shaped port that wraps (encrypts) and unwraps every person's data key. Production may
 * put a cloud KMS behind it (wrap = Encrypt, unwrap = Decrypt, `context` as the encryption
 * context); `LocalMasterKey` does it with a 32-byte master key from configuration
 * (`DATA_MASTER_KEY`), AES-256-GCM with the context as associated data, so a wrapped key moved to
 * another person's row does not unwrap.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface KeyWrapping {
  /** Names the wrapping in each row (`local-v1`, `kms:<key id>`), so a later rotation knows what wrapped what. */
  readonly id: string;
  wrap(dataKey: Buffer, context: string): Promise<string>;
  unwrap(wrapped: string, context: string): Promise<Buffer>;
}

export class LocalMasterKey implements KeyWrapping {
  readonly id = 'local-v1';

  constructor(private readonly masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('The data master key must be 32 bytes');
  }

  async wrap(dataKey: Buffer, context: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.masterKey, iv).setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(dataKey), cipher.final()]);
    return [iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
  }

  async unwrap(wrapped: string, context: string): Promise<Buffer> {
    const [iv, ciphertext, tag] = wrapped.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !ciphertext || !tag) throw new Error('Malformed wrapped data key');
    const decipher = createDecipheriv('aes-256-gcm', this.masterKey, iv).setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  }
}
