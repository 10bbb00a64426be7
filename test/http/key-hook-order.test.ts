import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Fastify from 'fastify';
import { createMemoryCounters } from '../../src/adapters/counters/memory.ts';
import { openDatabase } from '../../src/adapters/store/database.ts';
import { createKeyRepository } from '../../src/adapters/store/keys.ts';
import { parseConfig } from '../../src/config.ts';
import { authenticateRoutes } from '../../src/http/plugins/api-key.ts';
import { createKeyAuthenticator } from '../../src/services/key-authenticator.ts';
import { createKeyVerifier } from '../../src/services/key-verifier.ts';
import { keyIssuer } from '../helpers/keys.ts';

test("a keyed route's own onRequest hook runs after the key hook, and sees the key", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-hook-order-'));
  const opened = await openDatabase({ dataDir: dir });
  const app = Fastify();
  try {
    const keys = createKeyRepository(opened.db);
    const secret = await keyIssuer(keys, parseConfig({ DATA_DIR: dir }), Date.now).createKey();
    const verifier = createKeyVerifier({
      authenticator: createKeyAuthenticator(keys),
      counters: createMemoryCounters(),
      clock: Date.now,
    });
    const seen: Array<string | null> = [];
    await app.register(async (keyed) => {
      authenticateRoutes(keyed, { verifier }, 'required');
      keyed.get(
        '/own-hook',
        {
          onRequest: (request, _reply, done) => {
            seen.push(request.apiKey?.id ?? null);
            done();
          },
        },
        async () => ({ ok: true }),
      );
    });
    const refused = await app.inject({ url: '/own-hook' });
    assert.equal(refused.statusCode, 401);
    assert.deepEqual(seen, [], "refused by the key hook before the route's own hook");
    const answered = await app.inject({ url: '/own-hook', headers: { 'x-api-key': secret } });
    assert.equal(answered.statusCode, 200);
    assert.equal(seen.length, 1);
    assert.ok(seen[0], 'the key was known to the route hook');
  } finally {
    await app.close();
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
