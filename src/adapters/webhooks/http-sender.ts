import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookResponse, WebhookSender } from '../../services/alerts/webhook-port.ts';
import type { AddressPolicy } from './address-policy.ts';

/** a receiver has this long to answer, connection included */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** at most this much of a receiver's answer is read, then the connection is dropped */
export const ANSWER_LIMIT_BYTES = 4096;

class Refused extends Error {}

/**
 * POSTs webhooks with node:http(s). The connection goes only to addresses the policy
 * admits, checked as the socket resolves the name (the name is resolved once, by the
 * policy, and that answer is what is connected to: no second look-up can point
 * elsewhere). Redirects are not followed (node:http never does); a 3xx is a failed
 * delivery that says so.
 */
export function createWebhookSender(options: { policy: AddressPolicy; timeoutMs?: number }): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const pinnedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    options.policy.resolve(hostname).then(
      (verdict) => {
        if (!verdict.ok) {
          callback(new Refused(verdict.reason), '', 4);
          return;
        }
        if (lookupOptions.all) callback(null, verdict.addresses);
        else callback(null, verdict.addresses[0]!.address, verdict.addresses[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };

  return {
    async post(url, body, headers) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      // an address literal is never looked up by the socket: check it here
      const literal = /^\[.*\]$|^\d+\.\d+\.\d+\.\d+$/.test(url.hostname);
      if (literal) {
        const verdict = await options.policy.check(url);
        if (!verdict.ok)
          return { outcome: 'refused', statusCode: null, detail: verdict.reason, durationMs: elapsed() };
      }
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      return new Promise<WebhookResponse>((resolve) => {
        let settled = false;
        const finish = (answer: Omit<WebhookResponse, 'durationMs'>) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ ...answer, durationMs: elapsed() });
        };
        const req = send(
          url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              ...headers,
            },
            lookup: pinnedLookup,
            agent: false,
          },
          (res) => {
            const status = res.statusCode ?? 0;
            let read = 0;
            const chunks: Buffer[] = [];
            const done = () => {
              const excerpt = Buffer.concat(chunks)
                .toString('utf8')
                .slice(0, 200)
                .replace(/\s+/g, ' ')
                .trim();
              if (status >= 200 && status < 300)
                finish({ outcome: 'delivered', statusCode: status, detail: null });
              else
                finish({
                  outcome: 'http_error',
                  statusCode: status,
                  detail:
                    status >= 300 && status < 400
                      ? `answered ${status}: redirects are not followed, give the final URL`
                      : `answered ${status}${excerpt ? `: ${excerpt}` : ''}`,
                });
            };
            res.on('data', (chunk: Buffer) => {
              if (read < ANSWER_LIMIT_BYTES) chunks.push(chunk.subarray(0, ANSWER_LIMIT_BYTES - read));
              read += chunk.length;
              // enough is known: the status; the rest of a long answer is not read
              if (read >= ANSWER_LIMIT_BYTES) {
                done();
                res.destroy();
              }
            });
            res.on('end', done);
            res.on('error', done);
            res.on('close', done);
          },
        );
        const timer = setTimeout(() => {
          finish({ outcome: 'timeout', statusCode: null, detail: `no answer within ${timeoutMs / 1000} s` });
          req.destroy();
        }, timeoutMs);
        req.on('error', (error) => {
          if (error instanceof Refused)
            finish({ outcome: 'refused', statusCode: null, detail: error.message });
          else
            finish({
              outcome: 'network_error',
              statusCode: null,
              detail: (error as NodeJS.ErrnoException).code ?? error.message.slice(0, 200),
            });
        });
        req.end(body);
      });
    },
  };
}
