import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import semver from 'semver';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  dev?: boolean;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};

// `npm ci` warns EBADENGINE for exactly these packages: the lockfile is what CI installs.
test('every locked package accepts the Node version the project declares (no EBADENGINE on npm ci)', () => {
  const minimum = semver.minVersion(manifest.engines.node);
  assert.ok(minimum, 'package.json engines.node is a range');
  const refusing: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!path || !range) continue;
    for (const node of [process.version, minimum.version]) {
      if (!semver.satisfies(node, range))
        refusing.push(`${path}@${entry.version} needs node ${range}, not ${node}`);
    }
  }
  assert.deepEqual(refusing, []);
});
