import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretBox } from '../../services/alerts/webhook-port.ts';

/**
 * Subscription secrets at rest (docs/alerts.md, "Secrets"). They must be readable again
 * to sign, so they cannot be hashed like keys: each is sealed with AES-256-GCM under a
 * key derived (HKDF-SHA256) from the alerts key — ALERTS_SECRET_KEY when set (every
 * instance of a scaled-out deployment and the CLI must share it), otherwise one generated
 * on first start into DATA_DIR/alerts-secret.key, readable by the service user only. The
 * subscription id is the cipher's associated data: a sealed secret copied to another row
 * does not open. A database dump alone therefore reveals no secret.
 */
export const ALERTS_KEY_FILE = 'alerts-secret.key';
const VERSION = 'v1';

export async function loadAlertsKey(opts: {
  dataDir: string;
  configured: string | undefined;
}): Promise<Buffer> {
  if (opts.configured) return Buffer.from(opts.configured, 'utf8');
  const path = join(opts.dataDir, ALERTS_KEY_FILE);
  const read = async () => {
    try {
      const text = (await readFile(path, 'utf8')).trim();
      return text === '' ? null : Buffer.from(text, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const existing = await read();
  if (existing) return existing;
  await mkdir(opts.dataDir, { recursive: true });
  try {
    // 'wx': if another process wrote it first, its key is the key
    const handle = await open(path, 'wx', 0o600);
    await handle.writeFile(`${randomBytes(32).toString('base64url')}\n`, 'utf8');
    await handle.close();
    await chmod(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const written = await read();
  if (!written) throw new Error(`could not read the alerts key back from ${path}`);
  return written;
}

export function createSecretBox(material: Buffer): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), 'svc-api alert secrets', 32));
  return {
    seal(secret, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        sealed.toString('base64url'),
      ].join(':');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('not a sealed alert secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
