/**
 * What `npm run --silent svc -- help` prints: every command of the operator CLI with its
 * arguments. docs/operations.md shows this text as a generated region
 * (`npm run docs:generate`), so the doc lists exactly the commands the CLI has.
 */
export const USAGE = `usage: npm run --silent svc -- <command>

  keys create --label NAME --type sk|pk [--cities LIST] [--products LIST] [--metrics LIST]
              [--horizons LIST] [--rate-per-min N] [--reports-per-day N] [--origins LIST]
              [--expires-at ISO8601]
  keys revoke KEY              the key itself, or its id from \`keys list\`
  keys list                    every key as a JSON array, without secrets
  cities import DIR            validate a city data package (docs/cities.md), rasterise it, make it live
  cities import-osm FILE.osm.pbf --manifest city.json --boundary boundary.geojson [--out DIR]
              [--planned-boundary FILE] [--weather FILE.epw] [--heights FILE.json] [--edits FILE.json]
  cities list                  shipped and imported cities (JSON array)
  cities remove ID             an imported city; a shipped one imported over comes back
  gazetteer import FILE        load an OpenAddresses CSV (.csv or .csv.gz) into the embedded gazetteer
  feeds status                 per live feed: root, last success, newest value, status (JSON)
  feeds poll                   poll every configured feed once, now, and print what was stored
  feeds backfill --year YYYY [--city ID]
                               that year from the archives becomes the reference year (docs/live-data.md)
  feeds backfill --reset [--city ID]
                               back to the packages' weather
  alerts list [--key-label NAME]
                               alert subscriptions (JSON), without secrets
  alerts show ID               one subscription with its recent deliveries (JSON)
  alerts test ID               send a signed test event to the subscription's URL now
  render-layer --city ID --layer thermal|wind|air|buildings --hour ISO --out FILE.png
`;
