import crypto from 'node:crypto';

/** AES-256-GCM for secrets kept in settings (the SMTP password): stored encrypted, read only here. */
export class SecretBox {
  private readonly key: Buffer;
  constructor(keyMaterial: string) {
    this.key = crypto.createHash('sha256').update(`secret-box:${keyMaterial}`).digest();
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
  }

  open(sealed: string): string | null {
    try {
      const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
