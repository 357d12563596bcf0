import { licenceChange, type LicenceChange } from '../../../protocol/licences';

/** What the licence dialog does with a typed count: the 000 §5 rules, or an unreadable count. */
export type LicenceDecision = LicenceChange | { kind: 'invalid' };

export function licenceDecision(input: {
  assigned: number;
  typed: string;
  inUse: number;
  free: number;
}): LicenceDecision {
  const typed = input.typed.trim();
  if (!/^\d+$/.test(typed)) return { kind: 'invalid' };
  return licenceChange({ ...input, requested: Number(typed) });
}

/** The i18n key and arguments of a refusal, or null when the change may go on. */
export function refusalOf(decision: LicenceDecision): [string, Record<string, number>] | null {
  switch (decision.kind) {
    case 'invalid':
      return ['environments.licences.invalid', {}];
    case 'belowInUse':
      return ['environments.licences.below_in_use', { inUse: decision.inUse }];
    case 'noMoreLicences':
      return ['environments.licences.no_more', { free: decision.free }];
    default:
      return null;
  }
}
