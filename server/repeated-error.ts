import type { FastifyBaseLogger } from 'fastify';

/** How often an error that keeps happening is logged again, with how many times it happened. */
export const LOG_EVERY_MS = 60_000;

/**
 * An error that may happen many times in a row (the database or the bus away): logged the first
 * time, then at most once a minute with the count since, so an outage does not flood the log.
 * @example const busDown = new RepeatedError('the bus refused messages'); busDown.report(log, error);
 */
export class RepeatedError {
  private count = 0;
  private loggedAt = 0;

  constructor(
    private readonly what: string,
    private readonly level: 'warn' | 'error' = 'error',
  ) {}

  report(log: Pick<FastifyBaseLogger, 'warn' | 'error'>, error: unknown, detail = {}): void {
    this.count++;
    if (Date.now() - this.loggedAt < LOG_EVERY_MS) return;
    log[this.level]({ err: error, times: this.count, ...detail }, this.what);
    this.count = 0;
    this.loggedAt = Date.now();
  }
}
