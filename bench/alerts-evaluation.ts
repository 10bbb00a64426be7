/**
 * Issue #51's benchmark: N alert subscriptions (default 10,000, over 1,000 places of
 * central Brussels, ten per place, as a city app's users cluster) evaluated when a new hour
 * lands, in-process on the embedded model, with the longest event-loop stall and block
 * seen meanwhile (test/helpers/event-loop-stall.ts). Run: `node --import tsx
 * bench/alerts-evaluation.ts [subscriptions] [places]`; prints one JSON line.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAlertStore } from '../src/adapters/store/alert-store.ts';
import { createSecretBox } from '../src/adapters/webhooks/secret-box.ts';
import { parseConfig } from '../src/config.ts';
import { initialState } from '../src/domain/alerts/episodes.ts';
import { compose } from '../src/start/compose.ts';
import { startStallSampler } from '../test/helpers/event-loop-stall.ts';
import { figure, NOISE } from './figures.ts';
import { createKeyIn } from './service-in-process.ts';

const subscriptions = Number(process.argv[2] ?? 10_000);
const places = Number(process.argv[3] ?? 1_000);
const HOUR = 3_600_000;
let now = Date.now();
const dataDir = mkdtempSync(join(tmpdir(), 'svc-alerts-bench-'));
const config = parseConfig({
  DATA_DIR: dataDir,
  MODEL_DIR: join(tmpdir(), 'svc-test-model-cache'),
  LOG_LEVEL: 'silent',
  METRICS_PORT: '0',
  ALERTS_ALLOW_PRIVATE_URLS: '1',
  COMPUTE_DEADLINE_MS: '600000',
});
const composition = await compose(config, { startUpWork: false, logger: false, clock: () => now });
await composition.app.ready();
const secret = await createKeyIn(composition, 'bench', ['--rate-per-min', '100000000']);
const key = await composition.keys.list().then((keys) => keys.find((k) => k.label === 'bench')!);
void secret;
const store = createAlertStore(composition.database.db);
const box = createSecretBox(Buffer.from('bench key material of thirty-two characters or more'));
/** QUIET=1: thresholds no forecast reaches (evaluation alone, no events to write and deliver) */
const quiet = process.env.QUIET === '1';
const conditions = [
  { metric: 'air', field: 'belaqi', op: 'gte' as const, value: quiet ? 10 : 5 },
  { metric: 'thermal', field: 'utci', op: 'gte' as const, value: quiet ? 60 : 32 },
];
for (let i = 0; i < subscriptions; i++) {
  const place = i % places;
  const id = `alr_${randomUUID().replaceAll('-', '')}`;
  await store.insertSubscription({
    id,
    keyId: key.id,
    cityId: 'brussels',
    lat: Math.round((50.835 + (Math.floor(place / 40) / 40) * 0.025) * 1e5) / 1e5,
    lon: Math.round((4.335 + ((place % 40) / 40) * 0.035) * 1e5) / 1e5,
    address: null,
    radius: 10,
    url: 'http://127.0.0.1:9/hook',
    conditions,
    outlookHour: null,
    lang: 'en',
    secretSealed: box.seal('whsec_bench', id),
    state: JSON.stringify(initialState(conditions.length)),
    failingSinceMs: null,
    createdMs: now,
  });
}
await composition.start();
const metrics = async () => {
  const text = await (await fetch(`http://127.0.0.1:${composition.metricsPort}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return { count: read('svc_alert_evaluation_seconds_count'), sum: read('svc_alert_evaluation_seconds_sum') };
};
const settle = async (passes: number) => {
  for (;;) {
    // a scrape may fail while the machine is loaded: ask again
    const m = await metrics().catch(() => ({ count: -1, sum: 0 }));
    if (m.count >= passes) return m;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
// the first pass at start (cold: every place's forecast computed), then a new hour
const cold = await settle(1);
const sampler = startStallSampler();
now += HOUR;
const warm = await settle(2);
const gaps = sampler.take();
sampler.stop();
console.log(
  JSON.stringify({
    subscriptions,
    places,
    quiet,
    first_pass_s: Math.round(cold.sum * 10) / 10,
    new_hour_pass_s: Math.round((warm.sum - cold.sum) * 10) / 10,
    longest_stall_ms: Math.round(gaps.stallMs),
    longest_block_ms: Math.round(gaps.blockMs),
    longest_work_ms: Math.round(gaps.workMs),
  }),
);
const newHourS = warm.sum - cold.sum;
figure(
  `alerts: ${subscriptions.toLocaleString('en')} subscriptions, new-hour pass${quiet ? ' (no events)' : ''}`,
  `${newHourS.toFixed(1)} s`,
  '≤ 60 s',
  { measured: newHourS, target: 60, better: 'lower', band: NOISE.batch },
);
figure(
  `alerts: longest event-loop block meanwhile${quiet ? ' (no events)' : ''}`,
  `${Math.round(gaps.blockMs)} ms`,
  '≤ 50 ms',
  { measured: gaps.blockMs, target: 50, better: 'lower', band: NOISE.latency },
);
await composition.close();
rmSync(dataDir, { recursive: true, force: true });
