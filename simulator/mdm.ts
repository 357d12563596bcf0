import type {
  ComplianceReport,
  DevicePolicy,
  NonComplianceDetail,
} from '../protocol/mdm/device-messages';
import { ProtocolError, type DeviceClient } from './client';
import type { DeviceProfile } from './profile';
import { Random } from './random';

/**
 * A managed device's MDM agent (docs/mdm.md, docs/device-protocol.md "MDM"): it reads its policy
 * when it connects and whenever the server says it changed (`{type: 'policy'}`), applies it as a
 * real device would — with the failures real fleets show: an OS too old for a setting, a user
 * who postponed an update or has not set the new password yet, an app that would not install —
 * and reports its compliance. While it waits for approval the server refuses its policy (403).
 */

/** Which token a managed device enrols with: its list, or an Android one that needs approval. */
export type MdmKind = 'android' | 'kiosk' | 'ios' | 'windows' | 'pending';

/** What makes a device fail some settings; fixed per device (its seed). */
export interface MdmTraits {
  /** The user postponed the system update (AMAPI `USER_ACTION`). */
  postponesUpdates: boolean;
  /** The user has not set a password meeting the new rules yet. */
  passwordPending: boolean;
  /** A required app fails to install (no space left). */
  appFails: boolean;
}

export function mdmTraits(seed: string): MdmTraits {
  const random = new Random(`${seed}/mdm-traits`);
  return {
    postponesUpdates: random.chance(0.25),
    passwordPending: random.chance(0.15),
    appFails: random.chance(0.1),
  };
}

const INSTALLED = new Set(['FORCE_INSTALLED', 'KIOSK', 'REQUIRED_FOR_SETUP', 'PREINSTALLED']);

/** The settings of this policy the device does not apply, each with AMAPI's reason. */
export function nonCompliance(
  policy: DevicePolicy,
  profile: Pick<DeviceProfile, 'platform' | 'osVersion'>,
  traits: MdmTraits,
): NonComplianceDetail[] {
  const document = policy.document as Record<string, unknown>;
  const has = (key: string) => document[key] !== undefined;
  const details: NonComplianceDetail[] = [];
  const major = Number.parseInt(profile.osVersion, 10) || 0;
  if (policy.platform === 'android') {
    // Blocking USB data transfer needs Android 12 (API 31).
    if (has('usbDataAccess') && major < 12)
      details.push({
        settingName: 'usbDataAccess',
        reason: 'API_LEVEL',
        currentValue: `Android ${profile.osVersion}`,
      });
    if (has('systemUpdate') && traits.postponesUpdates)
      details.push({ settingName: 'systemUpdate', reason: 'USER_ACTION' });
    if (has('passwordPolicies') && traits.passwordPending)
      details.push({
        settingName: 'passwordPolicies',
        reason: 'USER_ACTION',
        fieldPath: 'passwordPolicies[0]',
      });
    const apps = (document.applications ?? []) as { packageName: string; installType?: string }[];
    const failing = apps.find((app) => INSTALLED.has(app.installType ?? 'AVAILABLE'));
    if (failing && traits.appFails)
      details.push({
        settingName: 'applications',
        reason: 'APP_NOT_INSTALLED',
        packageName: failing.packageName,
        installationFailureReason: 'INSUFFICIENT_STORAGE',
      });
  } else if (policy.platform === 'ios') {
    if (has('softwareUpdate') && traits.postponesUpdates)
      details.push({ settingName: 'softwareUpdate', reason: 'USER_ACTION' });
    if (has('passcode') && traits.passwordPending)
      details.push({ settingName: 'passcode', reason: 'USER_ACTION' });
  } else {
    if (has('update') && traits.postponesUpdates)
      details.push({ settingName: 'update', reason: 'USER_ACTION' });
    if (has('deviceLock') && traits.passwordPending)
      details.push({ settingName: 'deviceLock', reason: 'PENDING' });
  }
  return details;
}

/** A device's side of it: fetch, apply, report; one at a time, once more if told meanwhile. */
export class DeviceMdm {
  /** The last policy version it applied and reported. */
  applied: number | null = null;
  /** The server refuses its policy until an operator approves it. */
  pending = false;
  private busy: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly host: {
      mid: string;
      profile: DeviceProfile;
      client: DeviceClient;
      credential: () => string | null;
    },
    readonly traits: MdmTraits,
  ) {}

  /** Reads the policy and reports what applied; a call while one runs runs it again after. */
  fetch(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return this.busy;
    }
    this.busy = this.run().finally(() => {
      this.busy = null;
      if (this.again) {
        this.again = false;
        void this.fetch();
      }
    });
    return this.busy;
  }

  private async run(): Promise<void> {
    const credential = this.host.credential();
    if (!credential) return;
    const { client, mid, profile } = this.host;
    let policy: DevicePolicy;
    try {
      policy = await client.mdmPolicy(mid, credential);
    } catch (error) {
      // Waiting for approval (403), refused (401), no policy (404): nothing to apply.
      if (error instanceof ProtocolError) {
        this.pending = error.status === 403;
        return;
      }
      throw error;
    }
    this.pending = false;
    const details = nonCompliance(policy, profile, this.traits);
    const report: ComplianceReport = {
      policy: policy.policy,
      version: policy.version,
      state: details.length === 0 ? 'applied' : 'partial',
      nonCompliance: details,
      os: `${profile.spec.os} ${profile.osVersion}`,
    };
    await client.mdmCompliance(mid, credential, report);
    this.applied = policy.version;
  }
}

/**
 * Whether the fleet's device `index` is managed and with which token: about `share` of the
 * fleet, among the platforms MDM manages (Android — a third of them kiosks, one in six waiting
 * for approval —, iPhone and iPad, Windows). Fixed per fleet seed and index.
 */
export function managedKind(
  seed: string,
  index: number,
  platform: string,
  share: number,
): MdmKind | null {
  const random = new Random(`${seed}/mdm/${index}`);
  if (!random.chance(share * 1.3)) return null;
  if (platform === 'IPHONE') return 'ios';
  if (platform === 'WINDOWS8' || platform === 'WINDOWS32') return 'windows';
  if (platform !== 'ANDROID') return null;
  const roll = random.next();
  return roll < 1 / 6 ? 'pending' : roll < 0.45 ? 'kiosk' : 'android';
}
