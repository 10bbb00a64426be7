/**
 * The open-loop load of bench/rollover.ts, in its own process: GET /v1/realtime at
 * `rate` requests a second for `seconds`, each at a location never asked before (a
 * lattice ~20 m apart over the centre), sent on schedule whether or not earlier answers
 * came back, so a slow answer cannot slow the load down and hide itself. Prints one JSON
 * array: per request [sent at (epoch ms), latency ms, status, NO2 of the newest hour].
 *
 * usage: node rollover-load.mjs BASE KEY RATE SECONDS [FIRST_LOCATION_INDEX]
 */
const [base, key, rateText, secondsText, offsetText = '0'] = process.argv.slice(2);
const offset = Number(offsetText);
const rate = Number(rateText);
const total = Math.round(rate * Number(secondsText));
const COLUMNS = 60;
const STEP = 0.0002;

function location(i) {
  const row = Math.floor(i / COLUMNS);
  const column = i % COLUMNS;
  return { lat: 50.834 + row * STEP * 0.64, lon: 4.338 + column * STEP };
}

let reported = false;

async function one(i) {
  const { lat, lon } = location(offset + i);
  const sentAt = Date.now();
  const started = performance.now();
  try {
    const response = await fetch(`${base}/v1/realtime?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}`, {
      headers: { 'x-api-key': key },
    });
    const body = await response.json();
    const ms = performance.now() - started;
    const newest = response.status === 200 ? body.hourly.at(-1).c : null;
    return [sentAt, ms, response.status, newest];
  } catch (error) {
    if (!reported) {
      reported = true;
      console.error(`rollover-load: ${error?.cause?.message ?? error}`);
    }
    return [sentAt, performance.now() - started, 0, null];
  }
}

const results = [];
const t0 = performance.now();
for (let i = 0; i < total; i++) {
  const due = t0 + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  results.push(one(i));
}
process.stdout.write(JSON.stringify(await Promise.all(results)));
