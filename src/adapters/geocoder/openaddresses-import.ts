import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { splitCsvLine } from '../../domain/geocode/csv-line.ts';
import type { GazetteerEntry } from '../../domain/geocode/gazetteer-entry.ts';
import {
  addressEntry,
  openAddressesHeader,
  openAddressesRecord,
  parseOpenAddressesRecord,
  StreetAndLocalityCollector,
} from '../../domain/geocode/openaddresses.ts';
import type { OpenedDatabase } from '../store/database.ts';
import { gazetteerFullText } from './gazetteer.ts';
import type { GazetteerFullText } from './gazetteer-full-text.ts';
import { rebuildVocabulary } from './gazetteer-vocabulary.ts';

/**
 * Streams an OpenAddresses CSV (plain or .gz) into the gazetteer: addresses in batches,
 * each batch one transaction (short enough for a running server to keep reading), then
 * the streets and localities derived from them, then the vocabulary. The rows a file
 * brought are tagged with its name: importing it again replaces them.
 */
export interface ImportSummary {
  imported: number;
  skipped: number;
  streets: number;
  localities: number;
  seconds: number;
}

export class ImportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFormatError';
  }
}

const BATCH = 10_000;

export async function importOpenAddresses(opened: OpenedDatabase, path: string): Promise<ImportSummary> {
  const started = performance.now();
  const fullText = gazetteerFullText(opened);
  const source = `import:${basename(path)}`;
  await fullText.deleteSource(source);
  const counts = await fullText.bulkLoad(() => loadFile(fullText, path, source));
  await rebuildVocabulary(opened.db);
  return { ...counts, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function loadFile(
  fullText: GazetteerFullText,
  path: string,
  source: string,
): Promise<Omit<ImportSummary, 'seconds'>> {
  const collector = new StreetAndLocalityCollector(source);
  let header: NonNullable<ReturnType<typeof openAddressesHeader>> | undefined;
  let imported = 0;
  let skipped = 0;
  let batch: GazetteerEntry[] = [];

  let input: Readable = createReadStream(path);
  if (path.endsWith('.gz')) input = input.pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const fields = splitCsvLine(line);
    if (header === undefined) {
      const named = openAddressesHeader(fields);
      if (!named) throw new ImportFormatError(`${path}: header must name at least LON, LAT and STREET`);
      header = named;
      continue;
    }
    const row = parseOpenAddressesRecord(openAddressesRecord(header, fields));
    if (!row) {
      skipped += 1;
      continue;
    }
    collector.add(row);
    batch.push(addressEntry(row, source));
    if (batch.length === BATCH) {
      await fullText.insert(batch);
      imported += batch.length;
      batch = [];
    }
  }
  if (header === undefined) throw new ImportFormatError(`${path}: empty file`);
  await fullText.insert(batch);
  imported += batch.length;
  const derived = collector.entries();
  for (let i = 0; i < derived.length; i += BATCH) await fullText.insert(derived.slice(i, i + BATCH));
  const localities = derived.filter((entry) => entry.kind === 'locality').length;
  return { imported, skipped, streets: derived.length - localities, localities };
}
