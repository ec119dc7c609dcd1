// Real receivers for the notification tests (docs/notifications.md): an HTTP server recording webhook requests
// (its answers set by the test) and an SMTP server (smtp-server) recording mails, each on a free port.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface WebhookRequest {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

export interface WebhookReceiver {
  url: string;
  requests: WebhookRequest[];
  /** The status to answer next (default 200); a function sees the request count. */
  answer: number | ((n: number) => number);
  /** Resolves once `n` requests have arrived. */
  received(n: number): Promise<WebhookRequest[]>;
  close(): Promise<void>;
}

function waiter<T>(items: T[]): { notify(): void; until(n: number): Promise<T[]> } {
  const waiting: Array<{ n: number; resolve: (items: T[]) => void }> = [];
  return {
    notify: () => {
      for (const w of [...waiting]) {
        if (items.length < w.n) continue;
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(items);
      }
    },
    until: (n) => (items.length >= n ? Promise.resolve(items) : new Promise((resolve) => waiting.push({ n, resolve }))),
  };
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const requests: WebhookRequest[] = [];
  const w = waiter(requests);
  const receiver: WebhookReceiver = {
    url: '',
    requests,
    answer: 200,
    received: (n) => w.until(n),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = typeof receiver.answer === 'function' ? receiver.answer(requests.length + 1) : receiver.answer;
      res
        .writeHead(status, status >= 300 && status < 400 ? { location: 'http://elsewhere.invalid/' } : {})
        .end(status >= 400 ? 'receiver says no' : 'ok');
      if (status >= 200 && status < 300) {
        requests.push({ headers: req.headers, body, json: JSON.parse(body) as Record<string, unknown> });
        w.notify();
      }
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

export interface Mail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  mails: Mail[];
  /** A recipient address this server refuses with 550. */
  refuse: Set<string>;
  received(n: number): Promise<Mail[]>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: Mail[] = [];
  const w = waiter(mails);
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        const error = Object.assign(new Error('No such user here'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        w.notify();
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    received: (n) => w.until(n),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
