import { z } from 'zod';
import { androidPolicy } from './android-policy';
import { iosPolicy } from './ios-policy';
import { windowsPolicy } from './windows-policy';

/** The platforms a policy is written for; a policy's platform is chosen when it is created. */
export const POLICY_PLATFORMS = ['android', 'ios', 'windows'] as const;
export type PolicyPlatform = (typeof POLICY_PLATFORMS)[number];

/** A policy document: the JSON object of its platform's settings. */
export type PolicyDocument = Record<string, unknown>;

/** The schema that validates a policy document of each platform, on the server and in the editor. */
export const POLICY_SCHEMAS: Record<PolicyPlatform, z.ZodType> = {
  android: androidPolicy,
  ios: iosPolicy,
  windows: windowsPolicy,
};

export const isPolicyPlatform = (value: unknown): value is PolicyPlatform =>
  POLICY_PLATFORMS.includes(value as PolicyPlatform);

/**
 * The JSON Schema of a platform's documents, for Monaco's completion and checks. Zod's own
 * conversion: the rules written in `superRefine` (one kiosk app, …) are not in it; the server
 * checks them and the editor shows the server's refusal.
 */
export function policyJsonSchema(platform: PolicyPlatform): Record<string, unknown> {
  return z.toJSONSchema(POLICY_SCHEMAS[platform], { io: 'input', unrepresentable: 'any' });
}
