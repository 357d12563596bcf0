import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  BOT_SIGNATURE_HEADER,
  BOT_TIMESTAMP_HEADER,
  BOT_WEBHOOK_TIMEOUT_MS,
} from '../../protocol/bots';
import { isPrivateAddress, PrivateAddressError, publicLookup } from './address';

/** What a webhook is sent, as JSON (docs/bots.md, "Webhooks"). */
export interface WebhookBody {
  bot: { id: number; name: string };
  project: { id: number; name: string };
  run: { id: string; trigger: string; at: string };
  /** The devices it fired on (MIDs) and how many. */
  devices: string[];
  total: number;
}

/** How the call ended: the answer's status, or why there was none. */
export type WebhookOutcome =
  { status: number } | { error: 'private' | 'timeout' | 'network'; message: string };

/**
 * `sha256=<hex>`: HMAC-SHA256 with the bot's secret of `<timestamp>.<body>`, so a receiver that
 * refuses old timestamps refuses a replayed request too.
 */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A webhook's URL when it is http(s), else null. */
export function webhookUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * POSTs the body, signed, to the URL and answers how it ended; no redirect is followed. Unless
 * `allowPrivate`, an address that is loopback, link-local or private is refused, also when a
 * name resolves to one (checked on the address connected to).
 */
export async function callWebhook(
  url: URL,
  secret: string,
  body: Omit<WebhookBody, 'run'> & { run: Omit<WebhookBody['run'], 'id'> },
  allowPrivate: boolean,
): Promise<WebhookOutcome> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) {
    return { error: 'private', message: host };
  }
  const text = JSON.stringify({ ...body, run: { id: randomUUID(), ...body.run } });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        timeout: BOT_WEBHOOK_TIMEOUT_MS,
        ...(allowPrivate ? {} : { lookup: publicLookup }),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'user-agent': 'Flota-Bot',
          [BOT_TIMESTAMP_HEADER]: timestamp,
          [BOT_SIGNATURE_HEADER]: signature(secret, timestamp, text),
        },
      },
      (response) => {
        // The answer's body is not read: only its status counts.
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      },
    );
    request.on('timeout', () => {
      request.destroy();
      resolve({ error: 'timeout', message: `${BOT_WEBHOOK_TIMEOUT_MS / 1000} s` });
    });
    request.on('error', (error) =>
      resolve(
        error instanceof PrivateAddressError
          ? { error: 'private', message: error.address }
          : { error: 'network', message: error.message },
      ),
    );
    request.end(text);
  });
}
