import { existsSync } from 'node:fs';
import { ImportFormatError, importOpenAddresses } from '../../adapters/geocoder/openaddresses-import.ts';
import { openDatabase } from '../../adapters/store/database.ts';
import { UsageError } from './keys.ts';

/**
 * `svc gazetteer import FILE`: loads an OpenAddresses CSV (LON,LAT,NUMBER,STREET,UNIT,
 * CITY,DISTRICT,REGION,POSTCODE,ID,HASH; .csv or .csv.gz) into the embedded gazetteer of
 * the configured database and prints one JSON summary line.
 */
export async function runGazetteerImport(
  argv: string[],
  ctx: { dataDir: string; databaseUrl?: string | undefined; out?: (line: string) => void },
): Promise<void> {
  const args = argv[0] === 'import' ? argv.slice(1) : argv;
  const [file, ...extra] = args;
  if (!file || extra.length > 0 || file.startsWith('-')) throw new UsageError('usage: gazetteer import FILE');
  if (!existsSync(file)) throw new UsageError(`gazetteer import: no such file '${file}'`);
  const opened = await openDatabase({ dataDir: ctx.dataDir, databaseUrl: ctx.databaseUrl });
  try {
    const summary = await importOpenAddresses(opened, file);
    const out = ctx.out ?? ((line: string) => process.stdout.write(`${line}\n`));
    out(JSON.stringify(summary));
  } catch (error) {
    if (error instanceof ImportFormatError) throw new UsageError(error.message);
    throw error;
  } finally {
    await opened.close();
  }
}
