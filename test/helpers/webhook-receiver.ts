import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** the status it was answered */
  status: number;
}

/**
 * A local webhook receiver (node:http on 127.0.0.1, a free port) for the alert tests:
 * records every POST and answers what `answer` says for it (200 unless told).
 */
export interface WebhookReceiver {
  url(path?: string): string;
  received: ReceivedWebhook[];
  /**
   * how the next requests are answered: a status, or headers and a body too; `hold` keeps
   * the request waiting unanswered (a delivery in flight) until the receiver closes
   */
  answer: (request: { path: string; count: number }) => {
    status: number;
    headers?: Record<string, string>;
    body?: string;
    hold?: boolean;
  };
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: () => '',
    received: [],
    answer: () => ({ status: 200 }),
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const count = receiver.received.filter((r) => r.path === path).length;
      const answer = receiver.answer({ path, count });
      receiver.received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: answer.status,
      });
      if (answer.hold) return;
      response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      response.end(answer.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = (path = '/hook') => `http://127.0.0.1:${port}${path}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
