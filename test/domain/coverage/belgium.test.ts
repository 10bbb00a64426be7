import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  belgiumFromWorldAtlas,
  OUTLINE_MODULE,
  outlineModule,
} from '../../../scripts/coverage/belgium-outline.ts';
import { belgiumOutline, insideBelgium } from '../../../src/domain/coverage/belgium.ts';

describe("Belgium's outline", () => {
  test('is the one world-atlas holds, to the last digit (regenerate with scripts/coverage/belgium-outline.ts)', () => {
    const fromPackage = belgiumFromWorldAtlas();
    assert.deepEqual(belgiumOutline(), fromPackage);
    // and the module is exactly what the script writes (no hand edit)
    assert.equal(readFileSync(OUTLINE_MODULE, 'utf8'), outlineModule(fromPackage));
  });

  test('holds Brussels and Arlon, not Lille, Maastricht or the sea', () => {
    assert.equal(insideBelgium(4.3517, 50.8503), true);
    assert.equal(insideBelgium(5.8167, 49.6833), true);
    assert.equal(insideBelgium(3.0573, 50.6292), false);
    assert.equal(insideBelgium(5.6909, 50.8514), false);
    assert.equal(insideBelgium(2.6, 51.4), false);
  });
});
