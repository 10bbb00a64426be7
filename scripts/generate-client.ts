// Regenerates clients/typescript/src/openapi.ts from the served document (npm run client:generate).
import { writeFileSync } from 'node:fs';
import { GENERATED_CLIENT_TYPES, generateClientTypes, servedOpenApiDocument } from './openapi-document.ts';

writeFileSync(GENERATED_CLIENT_TYPES, await generateClientTypes(await servedOpenApiDocument()));
console.log(`wrote ${GENERATED_CLIENT_TYPES.pathname}`);
