import { readFileSync } from 'node:fs';

/** The service's version, from package.json (the API major version is the /v1 prefix). */
export function serviceVersion(): string {
  const pkg = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url).pathname.replace('/dist/', '/'), 'utf8'),
  ) as {
    version: string;
  };
  return pkg.version;
}
