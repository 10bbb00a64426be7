import { apiError } from '../errors/catalogue.ts';

export const WEBHOOK_URL_MAX_LENGTH = 2000;

/**
 * The shape of a webhook URL, before any name is resolved: absolute, `https` (plain
 * `http` only where private targets are allowed, which is for tests), no credentials in
 * it (the secret signs; a password in a URL ends up in logs), a host name.
 * Where the name points is checked by the address policy, at subscription and at each
 * delivery (services/alerts/webhook-target-port.ts).
 */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  if (raw.length > WEBHOOK_URL_MAX_LENGTH)
    throw apiError('validation_error', `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw apiError(
      'validation_error',
      'url must be an absolute URL where the events are delivered, e.g. "https://example.org/hooks/svc".',
    );
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    throw apiError(
      'validation_error',
      `url must use https (got ${url.protocol.replace(':', '')}): events are delivered over TLS only.`,
    );
  if (url.username !== '' || url.password !== '')
    throw apiError(
      'validation_error',
      'url must not carry a user name or password: the events are signed with the subscription secret instead.',
    );
  if (url.hostname === '') throw apiError('validation_error', 'url must name a host.');
  url.hash = '';
  return url;
}
