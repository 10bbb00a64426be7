/**
 * Whether two texts are equal, in a time that depends on their length only: every
 * character is compared, with no early exit, so the time taken says nothing about how
 * far a guess matched. Used for what a request presents against what is known (a key's
 * SHA-256 in hex, a tile URL's signature), whose lengths are fixed and public.
 *
 * Written on the texts rather than with `crypto.timingSafeEqual`: that needs both sides
 * as Buffers, and encoding the presented text into one cost more than the SHA-256 of a
 * key on the keyed hot path (docs/history/performance-2026-11-28.md, "Digests and signatures compared as text").
 */
export function constantTimeEqual(known: string, presented: string): boolean {
  if (known.length !== presented.length) return false;
  let difference = 0;
  for (let i = 0; i < known.length; i++) difference |= known.charCodeAt(i) ^ presented.charCodeAt(i);
  return difference === 0;
}
