import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KNOWN_SETTINGS } from '../../src/config/known-settings.ts';
import {
  closestSetting,
  editDistance,
  SETTING_PREFIXES,
  unknownSettings,
} from '../../src/config/unknown-settings.ts';
import { ConfigError, parseConfig } from '../../src/config.ts';
import { BUSY_MACHINE_ENV } from '../helpers/busy-machine.ts';

describe('edit distance', () => {
  test('insertions, deletions and substitutions cost one each', () => {
    assert.equal(editDistance('', ''), 0);
    assert.equal(editDistance('PORT', 'PORT'), 0);
    assert.equal(editDistance('', 'HOST'), 4);
    assert.equal(editDistance('HOST', ''), 4);
    assert.equal(editDistance('DRAIN_MS', 'DRAIN_S'), 1);
    assert.equal(editDistance('FEED_POLL_S', 'FEED_POLL_MS'), 1);
    assert.equal(editDistance('REDIS_URL', 'REDIS_URI'), 1);
    assert.equal(editDistance('kitten', 'sitting'), 3);
  });

  test('two neighbours swapped are one slip, not two substitutions', () => {
    assert.equal(editDistance('ULR', 'URL'), 1);
    assert.equal(editDistance('FEED_IRCEL_ULR', 'FEED_IRCEL_URL'), 1);
    assert.equal(editDistance('AB', 'BA'), 1);
  });

  test('symmetric', () => {
    for (const [a, b] of [
      ['METRICS_PROT', 'METRICS_PORT'],
      ['DATABASE_URL', 'DATBASE_URL'],
      ['x', 'FEED_POLL_S'],
    ] as const)
      assert.equal(editDistance(a, b), editDistance(b, a), `${a} ${b}`);
  });
});

describe('the closest known setting', () => {
  test('names what a slip meant', () => {
    assert.equal(closestSetting('FEED_IRCEL_ULR'), 'FEED_IRCEL_URL');
    assert.equal(closestSetting('FEED_OPENMETEO_AQ_UR'), 'FEED_OPENMETEO_AQ_URL');
    assert.equal(closestSetting('FEED_OPEN_METEO_URL'), 'FEED_OPENMETEO_URL');
    assert.equal(closestSetting('DATABASE_URI'), 'DATABASE_URL');
    assert.equal(closestSetting('REDIS_PREFX'), 'REDIS_PREFIX');
    assert.equal(closestSetting('METRICS_PROT'), 'METRICS_PORT');
    assert.equal(closestSetting('REPORTS_WARM_AT_STARTUP'), 'REPORTS_WARM_AT_START');
    assert.equal(closestSetting('ALERTS_ALLOW_PRIVATE_URL'), 'ALERTS_ALLOW_PRIVATE_URLS');
    assert.equal(closestSetting('CHROMIUM_BIN'), 'CHROMIUM_PATH');
  });
});

describe('unknown settings refuse the start', () => {
  test('every prefix of the service’s own settings is watched; OpenTelemetry’s is not ours', () => {
    for (const prefix of [
      'FEED_',
      'DATABASE_',
      'REDIS_',
      'METRICS_',
      'REPORTS_',
      'ALERTS_',
      'CHROMIUM_',
      'MODEL_',
    ])
      assert.ok(SETTING_PREFIXES.includes(prefix), prefix);
    for (const name of KNOWN_SETTINGS) {
      if (!name.includes('_') || name.startsWith('OTEL_')) continue;
      assert.ok(SETTING_PREFIXES.includes(`${name.split('_')[0]}_`), name);
    }
    assert.ok(!SETTING_PREFIXES.includes('OTEL_'));
  });

  test('a misspelt setting is refused with the closest known name', () => {
    assert.throws(
      () => parseConfig({ FEED_IRCEL_ULR: 'https://geo.irceline.be/sos/api/v1' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message === 'unknown setting: FEED_IRCEL_ULR: did you mean FEED_IRCEL_URL?',
    );
  });

  test('several are named at once, each with its suggestion', () => {
    assert.deepEqual(unknownSettings({ REDIS_PREFX: 'a:', DATABASE_URI: 'postgres://x', PORT: '1' }), [
      'DATABASE_URI: did you mean DATABASE_URL?',
      'REDIS_PREFX: did you mean REDIS_PREFIX?',
    ]);
    assert.throws(
      () => parseConfig({ REDIS_PREFX: 'a:', DATABASE_URI: 'postgres://x' }),
      /unknown settings: /,
    );
  });

  test('every known setting, other software’s variables and the test helpers’ pass', () => {
    const known = Object.fromEntries(KNOWN_SETTINGS.map((name) => [name, '']));
    assert.deepEqual(unknownSettings(known), []);
    assert.deepEqual(
      unknownSettings({
        PATH: '/usr/bin',
        NODE_OPTIONS: '--max-old-space-size=512',
        MALLOC_ARENA_MAX: '2',
        OTEL_SERVICE_NAME: 'svc-api',
        OTEL_EXPORTER_OTLP_HEADERS: 'a=b',
        TEST_REDIS_URL: 'redis://127.0.0.1:6379',
        TEST_POSTGRES_URL: 'postgres://127.0.0.1/x',
        BENCH_ROUNDS: '3',
        SVC_API_KEY: 'k',
        ...BUSY_MACHINE_ENV,
      }),
      [],
    );
    // the contract's settings no code reads yet are accepted too
    assert.doesNotThrow(() =>
      parseConfig({
        FEED_RETENTION_DAYS: '400',
        CHROMIUM_PATH: '/usr/bin/chromium',
        ALERTS_ALLOW_PRIVATE_URLS: '1',
      }),
    );
  });
});
