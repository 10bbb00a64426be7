import { randomFillSync } from 'node:crypto';

/**
 * Request ids (UUID v4, spec: `X-Request-Id`) as flat strings. `crypto.randomUUID()` builds
 * its string by concatenating twenty pieces, and Node's header check (a regular expression
 * run on every header value) and header assembly must flatten that tree on every response.
 * Both stood out in a profile of `/v1/health` and shrank to a fraction with flat ids
 * (docs/history/performance-2026-11-28.md, "Flat request ids"). Here the text is written
 * as bytes and read back once as a Latin-1 string, which V8 stores flat. The random bytes come from the
 * same CSPRNG as randomUUID's, drawn 256 ids at a time as it does (it keeps 128).
 */
const IDS_PER_DRAW = 256;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
/** where each byte's two hex digits go in 8-4-4-4-12 */
const DIGIT_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

export function createRequestIds(): () => string {
  const random = Buffer.alloc(16 * IDS_PER_DRAW);
  let next = random.length;
  const text = Buffer.alloc(36, '-', 'latin1');
  return function requestId(): string {
    if (next === random.length) {
      randomFillSync(random);
      next = 0;
    }
    // RFC 9562: version 4 in the high nibble of byte 6, variant 10 in the top bits of byte 8
    random[next + 6] = (random[next + 6]! & 0x0f) | 0x40;
    random[next + 8] = (random[next + 8]! & 0x3f) | 0x80;
    for (let i = 0; i < 16; i++) {
      const byte = random[next + i]!;
      const at = DIGIT_AT[i]!;
      text[at] = HEX_DIGITS[byte >> 4]!;
      text[at + 1] = HEX_DIGITS[byte & 15]!;
    }
    next += 16;
    return text.toString('latin1', 0, 36);
  };
}
