import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { CLI_ENTRY } from '../helpers/built-service.ts';
import { type FeedReplay, fixture, startFeedReplay } from '../helpers/feed-replay.ts';

/**
 * `svc feeds poll` as an operator runs it, in its own process, against a local stand-in of
 * Open-Meteo: a provider that fails is retried with back-off and the command still prints
 * its JSON and exits 1 (it used to exit 0 in silence in the middle of the back-off, its
 * timer unref'd); a provider that answers is stored and `feeds status` shows it.
 */
const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'svc-feeds-cli-'));
let replay: FeedReplay;

const svc = (args: string[]) =>
  run(process.execPath, [CLI_ENTRY, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      FEED_OPENMETEO_URL: replay.url,
      LOG_LEVEL: 'silent',
    },
    timeout: 180_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

before(async () => {
  replay = await startFeedReplay();
});
after(async () => {
  await replay.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('svc feeds poll', () => {
  test('a failing provider: retried, then the JSON summary and exit 1, with the reason on stderr', async () => {
    replay.on('/v1/forecast', { status: 503, body: 'busy' });
    const polled = await svc(['feeds', 'poll']);
    assert.equal(polled.code, 1, polled.stderr);
    const summary = JSON.parse(polled.stdout);
    assert.equal(summary.configured, true);
    assert.equal(summary.polls.length, 1);
    assert.equal(summary.polls[0].feed, 'open-meteo');
    assert.notEqual(summary.polls[0].outcome, 'ok');
    assert.ok(replay.hits('/v1/forecast') >= 2, 'the failed call was retried');
    assert.match(polled.stderr, /open-meteo/);
  });

  test('a provider that answers: stored, exit 0, and feeds status shows the success', async () => {
    // one location's answer per point asked (Open-Meteo answers a list for several)
    const one = JSON.parse(fixture('open-meteo-forecast.json').toString('utf8'));
    replay.on('/v1/forecast', ({ url }) => {
      const points = (url.searchParams.get('latitude') ?? '').split(',').length;
      return { body: JSON.stringify(points === 1 ? one : Array.from({ length: points }, () => one)) };
    });
    const polled = await svc(['feeds', 'poll']);
    assert.equal(polled.code, 0, polled.stderr);
    const [poll] = JSON.parse(polled.stdout).polls;
    assert.equal(poll.outcome, 'ok');
    assert.ok(poll.stored > 0, `values were stored: ${polled.stdout}`);
    const status = await svc(['feeds', 'status']);
    assert.equal(status.code, 0, status.stderr);
    const feed = JSON.parse(status.stdout).feeds.find((f: { feed: string }) => f.feed === 'open-meteo');
    assert.ok(feed, status.stdout);
    assert.ok(feed.last_success, `a last success is recorded: ${status.stdout}`);
  });
});

describe('svc feeds status', () => {
  test('counts what the screening of the fed meteorology flagged and filled', async () => {
    // two days around now, a four-hour run of 0.00 m/s under a turning vane in the middle
    const hour = 3_600_000;
    const first = Math.floor(Date.now() / hour) * hour - 24 * hour;
    const times = Array.from({ length: 48 }, (_, i) => first + i * hour);
    const calm = (i: number) => i >= 20 && i < 24;
    const one = JSON.parse(fixture('open-meteo-forecast.json').toString('utf8'));
    one.hourly = {
      time: times.map((t) => new Date(t).toISOString().slice(0, 16)),
      temperature_2m: times.map((_, i) => Math.round((8 + 3 * Math.sin(i / 4)) * 10) / 10),
      relative_humidity_2m: times.map((_, i) => 80 + (i % 9)),
      wind_speed_10m: times.map((_, i) => (calm(i) ? 0 : Math.round((3 + Math.sin(i / 3)) * 10) / 10)),
      wind_direction_10m: times.map((_, i) => (200 + 9 * i) % 360),
      wind_gusts_10m: times.map((_, i) => Math.round((7 + Math.sin(i / 3)) * 10) / 10),
      shortwave_radiation: times.map(() => 0),
      cloud_cover: times.map((_, i) => 60 + (i % 30)),
    };
    replay.on('/v1/forecast', ({ url }) => {
      const points = (url.searchParams.get('latitude') ?? '').split(',').length;
      return { body: JSON.stringify(points === 1 ? one : Array.from({ length: points }, () => one)) };
    });
    const polled = await svc(['feeds', 'poll']);
    assert.equal(polled.code, 0, polled.stderr);
    const status = await svc(['feeds', 'status']);
    assert.equal(status.code, 0, status.stderr);
    const { weather_screening: screening } = JSON.parse(status.stdout);
    assert.ok(screening, status.stdout);
    // four hours at every point polled, all repaired
    assert.ok(screening.by_kind['calm-while-turning'] >= 4, status.stdout);
    assert.equal(screening.by_kind['calm-while-turning'] % 4, 0, status.stdout);
    assert.equal(screening.filled, screening.flagged, status.stdout);
  });
});
