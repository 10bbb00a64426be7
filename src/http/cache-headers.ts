import type { FastifyReply } from 'fastify';

/** Adds names to the Vary header without dropping what another step put there. */
export function addVary(reply: FastifyReply, ...names: string[]): void {
  const existing = String(reply.getHeader('Vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const name of names)
    if (!existing.some((v) => v.toLowerCase() === name.toLowerCase())) existing.push(name);
  reply.header('vary', existing.join(', '));
}

/**
 * The public resources' caching rule: shared caches may keep the anonymous answer for an
 * hour; an answer shaped by a key (`authorized`) is private and varies by the key headers.
 */
export function publicResourceCaching(reply: FastifyReply, keyed: boolean): void {
  if (keyed) {
    reply.header('cache-control', 'private, max-age=3600');
    addVary(reply, 'Authorization', 'X-API-Key');
  } else {
    reply.header('cache-control', 'public, max-age=3600');
  }
}
