import { Type } from 'typebox';
import { keyInformation } from '../../../domain/keys/key-record.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { V1App } from '../types.ts';

const StringList = Type.Array(Type.String());

export const KeyInformationSchema = Type.Object(
  {
    label: Type.String(),
    type: Type.Union([Type.Literal('sk'), Type.Literal('pk')]),
    cities: StringList,
    products: StringList,
    metrics: StringList,
    horizons: StringList,
    limits: Type.Object({ rate_per_min: Type.Integer(), reports_per_day: Type.Integer() }),
    origins: StringList,
    created: Type.String({ format: 'date' }),
    expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'KeyInformation' },
);

export function registerKeyInfo(app: V1App): void {
  app.get(
    '/key',
    {
      schema: {
        tags: ['keys'],
        summary: 'The presented key: scopes and limits',
        security: [{ bearer: [] }, { apiKey: [] }],
        response: { 200: KeyInformationSchema, ...problemResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return keyInformation(requireKey(request));
    },
  );
}
