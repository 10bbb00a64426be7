/**
 * A web origin as a key's allowlist holds it: scheme (http or https), host and optional
 * port, nothing else (no path, query, user info or whitespace). Returned lowercase with
 * the default port dropped, so allowlist entries and Origin headers compare as text.
 */
const ORIGIN = /^(https?):\/\/([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;

export function parseOrigin(raw: string): string | null {
  const match = ORIGIN.exec(raw);
  if (!match) return null;
  const port = match[3] === undefined ? undefined : Number(match[3]);
  if (port !== undefined && (port < 1 || port > 65535)) return null;
  try {
    return new URL(`${match[1]}://${match[2]}${port === undefined ? '' : `:${port}`}`).origin.toLowerCase();
  } catch {
    return null;
  }
}
