import { sendMail } from '../../mail';
import type { OperationContext } from '../registry';

/** Most addresses one mail call sends to. */
export const MAX_RECIPIENTS = 5000;
/** Messages sent at the same time: the SMTP pool, or the outbox, is not flooded. */
const PARALLEL_SENDS = 8;

/**
 * The usual e-mail pattern (the HTML form pattern), with a dot in the domain as mail between
 * companies needs. No spaces or line breaks, so an address can never add a mail header.
 */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmail(address: string): boolean {
  return address.length <= 254 && EMAIL.test(address);
}

export interface Recipients {
  valid: string[];
  /** Addresses that fail the pattern, as given (001 §5: skipped from the list). */
  skipped: string[];
}

/** Splits addresses into valid (trimmed, one per address whatever its case) and skipped. */
export function sortRecipients(addresses: Iterable<string>): Recipients {
  const valid = new Map<string, string>();
  const skipped: string[] = [];
  for (const raw of addresses) {
    const address = raw.trim();
    if (!isEmail(address)) skipped.push(raw);
    else if (!valid.has(address.toLowerCase())) valid.set(address.toLowerCase(), address);
  }
  return { valid: [...valid.values()], skipped };
}

/** Sends one message to each address through server/mail.ts; answers how many failed. */
export async function sendToEach(
  ctx: OperationContext,
  addresses: string[],
  subject: string,
  text: string,
): Promise<number> {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < addresses.length) {
      const to = addresses[next++];
      try {
        await sendMail(ctx, { to, subject, text });
      } catch {
        // sendMail logged it; the others are still sent.
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, addresses.length) }, worker));
  return failed;
}
