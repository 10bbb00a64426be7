/**
 * Publishes the city.json JSON Schema (written once, in TypeBox, in
 * src/domain/coverage/city-package/manifest.ts) as data/cities/schema/city.schema.json.
 *
 *   node --import tsx scripts/cities/write-schema.ts
 */
import { writeFile } from 'node:fs/promises';
import { manifestJsonSchema } from '../../src/domain/coverage/city-package/manifest.ts';

export const SCHEMA_PATH = new URL('../../data/cities/schema/city.schema.json', import.meta.url).pathname;

export function schemaText(): string {
  return `${JSON.stringify(manifestJsonSchema(), null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) await writeFile(SCHEMA_PATH, schemaText());
