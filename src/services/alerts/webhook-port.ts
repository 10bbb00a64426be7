/**
 * What the alerts need of the outside to deliver webhooks (adapters/webhooks/): where a
 * URL's host points (the SSRF policy), a POST that honours that policy at connect time,
 * and the box that keeps signing secrets sealed in the database.
 */
export type TargetVerdict = { ok: true } | { ok: false; reason: string };

export interface WebhookTargets {
  /** whether the URL's host resolves to addresses the service may deliver to; the reason when not */
  check(url: URL): Promise<TargetVerdict>;
}

export interface WebhookResponse {
  outcome: 'delivered' | 'http_error' | 'timeout' | 'network_error' | 'refused';
  statusCode: number | null;
  /** why it was not delivered, without the answer's body beyond a short excerpt */
  detail: string | null;
  durationMs: number;
}

export interface WebhookSender {
  /** POSTs `body` with `headers`; never follows a redirect, reads a few KB of the answer at most */
  post(url: URL, body: string, headers: Record<string, string>): Promise<WebhookResponse>;
}

/** Seals a subscription's signing secret for the database and opens it again to sign. */
export interface SecretBox {
  /** `context` (the subscription id) is bound to the sealed text: it opens under that id only */
  seal(secret: string, context: string): string;
  open(sealed: string, context: string): string;
}
