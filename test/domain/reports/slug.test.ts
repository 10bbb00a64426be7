import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reportFilename, reportSlug, SLUG_MAX_LENGTH } from '../../../src/domain/reports/slug.ts';

test('slug transliterates accents and joins words with underscores', () => {
  assert.equal(reportSlug('Place Saint-Lambert 1, 4000 Liège'), 'Place_Saint_Lambert_1_4000_Liege');
  assert.equal(reportSlug('Chaussée de Wavre 120, 1050 Ixelles'), 'Chaussee_de_Wavre_120_1050_Ixelles');
  assert.equal(reportSlug('Straße Œuvre Øster'), 'Strasse_OEuvre_Oster');
});

test('slug keeps only safe ASCII letters, digits and underscores', () => {
  for (const address of [
    '"; rm -rf / <script>',
    'a/b\\c..d',
    'Rue du Marché-aux-Herbes 7\r\n1000 Bruxelles',
    '北京 12',
  ]) {
    assert.match(reportSlug(address), /^[A-Za-z0-9_]+$/, address);
  }
  assert.equal(reportSlug('a/b\\c..d'), 'a_b_c_d');
});

test('slug is never empty and never longer than the bound', () => {
  assert.equal(reportSlug(''), 'report');
  assert.equal(reportSlug(null), 'report');
  assert.equal(reportSlug('   ---   '), 'report');
  assert.equal(reportSlug('北京'), 'report');
  const long = reportSlug('Boulevard '.repeat(40));
  assert.ok(long.length <= SLUG_MAX_LENGTH, `${long.length}`);
  assert.doesNotMatch(long, /_$/);
});

test('filename follows SVC_Report_{slug}.{format}', () => {
  assert.equal(
    reportFilename('Grand-Place 1, 1000 Bruxelles', 'pdf'),
    'SVC_Report_Grand_Place_1_1000_Bruxelles.pdf',
  );
  assert.equal(reportFilename('50.84670, 4.35250', 'html'), 'SVC_Report_50_84670_4_35250.html');
});
