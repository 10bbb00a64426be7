import type { FastifyReply } from 'fastify';
import { KeyInformationSchema, type KeyRecord, keyInformation } from '../../../domain/keys/key-record.ts';
import { KEY_REQUIRED } from '../../openapi/access.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { V1App } from '../types.ts';

export function registerKeyInfo(app: V1App): void {
  // The body depends on the key record alone, serialised by the schema above once per
  // record: the key cache hands out a new record whenever it reads the key again (every
  // 2 s at most), so a changed key shows as it did before.
  const bodies = new WeakMap<KeyRecord, string>();
  app.get(
    '/key',
    {
      schema: {
        tags: ['keys'],
        summary: 'The presented key: scopes and limits',
        operationId: 'getKey',
        description:
          'The presented key: its four scopes (cities, products, metrics, horizons) and its limits. Any product. No key or an unknown key is `401 unauthorized`; a deactivated or expired key is `403 forbidden`.',
        security: KEY_REQUIRED,
        response: { 200: KeyInformationSchema, ...problemResponses(401, 403, 429) },
      },
    },
    (request, reply) => {
      const key = requireKey(request);
      let body = bodies.get(key);
      if (body === undefined) {
        body = reply.serialize(keyInformation(key)) as string;
        bodies.set(key, body);
      }
      // the ready JSON text skips the serializer; the schema still documents the shape
      (reply as FastifyReply)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(body);
    },
  );
}
