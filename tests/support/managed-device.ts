import { DeviceClient } from '../../simulator/client';
import { VirtualDevice } from '../../simulator/device';
import type { MdmTraits } from '../../simulator/mdm';
import { MODELS } from '../../simulator/catalogue';
import { createProfile } from '../../simulator/profile';

/**
 * One simulated managed device (simulator/mdm.ts) against a server: it enrols with an MDM token,
 * keeps its socket open (no offline episodes), reads its policy when told and reports its
 * compliance, and answers commands, as `npm start`'s fleet does. Android `osVersion` 11 fails a
 * policy that blocks USB data (API_LEVEL); the traits default to a user who does everything.
 */
export function managedDevice(
  server: string,
  token: string,
  mid: string,
  { osVersion = '11', traits = {} }: { osVersion?: string; traits?: Partial<MdmTraits> } = {},
): VirtualDevice {
  const base = createProfile(`managed-${mid}`, 0);
  // A rugged Android handheld, as delivery fleets have (Zebra TC21: Android 11 or 13).
  const spec = MODELS.ANDROID.find((model) => model.model === 'TC21') ?? MODELS.ANDROID[0];
  return new VirtualDevice(
    { ...base, mid, platform: 'ANDROID', spec, osVersion },
    {
      client: new DeviceClient(server),
      events: { enrolled: () => {}, unenrolled: () => {}, checkin: () => {} },
      checkinSeconds: 3600,
      episodes: false,
      firstCheckinWithin: 1,
      mdm: {
        token,
        traits: { postponesUpdates: false, passwordPending: false, appFails: false, ...traits },
      },
    },
  );
}
