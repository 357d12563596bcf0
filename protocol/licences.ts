/**
 * Licence rules of projects and environments (000 §5 licence assignment, §9 licence colours),
 * written once for the server (which enforces them) and the console (which warns before asking).
 */

/** Days a project marked for deletion waits before the purge removes it (000 §4, §9). */
export const PURGE_AFTER_DAYS = 30;

/** An environment's licence pool: its maximum, what its projects hold, and what devices use. */
export interface LicencePool {
  /** Licences of the environment (its server licence). */
  max: number;
  /** Sum of the licences assigned to its projects (including projects marked deleted). */
  assigned: number;
  /** Devices holding a licence (LIC non-empty) across its projects. */
  used: number;
}

export function freeLicences(pool: Pick<LicencePool, 'max' | 'assigned'>): number {
  return Math.max(0, pool.max - pool.assigned);
}

export type LicenceChange =
  | { kind: 'unchanged' }
  /** Fewer than the licences its devices use: refused. */
  | { kind: 'belowInUse'; inUse: number }
  /** More than the environment's free licences: refused with the no-more-licences message. */
  | { kind: 'noMoreLicences'; free: number }
  | { kind: 'increase'; delta: number }
  /** Worded as a removal of `delta` licences. */
  | { kind: 'decrease'; delta: number };

/**
 * What changing a project's licences from `assigned` to `requested` means (000 §5): unchanged does
 * nothing; below the licences in use is refused; an increase above the free licences is refused;
 * otherwise an increase or a decrease (worded as a removal) that the user confirms.
 */
export function licenceChange(input: {
  assigned: number;
  requested: number;
  inUse: number;
  /** Free licences of the project's environment. */
  free: number;
}): LicenceChange {
  const { assigned, requested, inUse, free } = input;
  if (requested === assigned) return { kind: 'unchanged' };
  if (requested < inUse) return { kind: 'belowInUse', inUse };
  const delta = requested - assigned;
  if (delta > 0 && delta > free) return { kind: 'noMoreLicences', free };
  return delta > 0 ? { kind: 'increase', delta } : { kind: 'decrease', delta: -delta };
}

export type Tone = 'success' | 'warning' | 'error';

/** A share of a whole as a whole percentage (0 when the whole is 0). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 100) / whole) : 0;
}

/** Assigned and used licences: green under 40 %, red over 70 %, otherwise warning (000 §9). */
export function usedTone(percent: number): Tone {
  if (percent < 40) return 'success';
  if (percent > 70) return 'error';
  return 'warning';
}

/** Free licences: red under 30 %, green over 60 %, otherwise warning (000 §9). */
export function freeTone(percent: number): Tone {
  if (percent < 30) return 'error';
  if (percent > 60) return 'success';
  return 'warning';
}

/** The free-licences banner: green over 50 %, warning over 20 %, otherwise red (000 §9). */
export function freeBannerTone(percent: number): Tone {
  if (percent > 50) return 'success';
  if (percent > 20) return 'warning';
  return 'error';
}
