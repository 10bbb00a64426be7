import { Type } from 'typebox';

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ format: 'uri', description: '{DOCS_URL}/errors#<code>' }),
    code: Type.String({ description: 'error code; clients branch on it' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    request_id: Type.String({ format: 'uuid' }),
  },
  { title: 'Problem', description: 'RFC 9457 problem document' },
);

/** Problem responses for an endpoint's documented statuses. */
export function problemResponses(...statuses: number[]): Record<number, typeof ProblemSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ProblemSchema]));
}
