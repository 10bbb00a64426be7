import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type FeedState, feedStatus, POLL_GRACE_MS } from '../../../src/domain/live/provenance.ts';

/**
 * A feed's status from its poll history: successes lie an interval plus a poll's duration
 * apart, so a slow but healthy poll keeps the feed fresh; two intervals and the grace
 * without a success make it stale; an old newest value makes it stale however recent the
 * poll; nothing usable is the fallback.
 */
const NOW = Date.UTC(2026, 10, 28, 12, 30);
const POLL_MS = 2_000;
const LAG_MS = 3 * 3_600_000;

const state = (sinceSuccessMs: number, newestAgoMs = 3_600_000): FeedState => ({
  feed: 'ircel-celine',
  lastAttemptMs: NOW - sinceSuccessMs,
  lastSuccessMs: NOW - sinceSuccessMs,
  lastError: null,
  newestValueMs: NOW - newestAgoMs,
});

test('a poll that took longer than the interval keeps the feed fresh', () => {
  // the previous success 2 intervals and 5 s ago: the poll under way is slow, not missed
  assert.equal(feedStatus(state(2 * POLL_MS + 5_000), true, NOW, POLL_MS, LAG_MS), 'fresh');
});

test('no success for two intervals and the grace: stale', () => {
  assert.equal(feedStatus(state(2 * POLL_MS + POLL_GRACE_MS - 1), true, NOW, POLL_MS, LAG_MS), 'fresh');
  assert.equal(feedStatus(state(2 * POLL_MS + POLL_GRACE_MS), true, NOW, POLL_MS, LAG_MS), 'stale');
});

test('a recent poll with a newest value older than the normal lag: stale', () => {
  assert.equal(feedStatus(state(500, LAG_MS + 1), true, NOW, POLL_MS, LAG_MS), 'stale');
  assert.equal(feedStatus(state(500, LAG_MS), true, NOW, POLL_MS, LAG_MS), 'fresh');
});

test('nothing usable, or never polled: fallback', () => {
  assert.equal(feedStatus(state(500), false, NOW, POLL_MS, LAG_MS), 'fallback');
  assert.equal(feedStatus(undefined, true, NOW, POLL_MS, LAG_MS), 'fallback');
  assert.equal(feedStatus({ ...state(500), lastSuccessMs: null }, true, NOW, POLL_MS, LAG_MS), 'fallback');
});
