// Writes the served OpenAPI document (npm run openapi:dump -- <out.json>), e.g. for linters.
import { writeFileSync } from 'node:fs';
import { servedOpenApiDocument } from './openapi-document.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: dump-openapi.ts <out.json>');
writeFileSync(out, `${JSON.stringify(await servedOpenApiDocument(), null, 2)}\n`);
