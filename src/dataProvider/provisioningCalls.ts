import type { ProvisionAnswer, ProvisionKey } from '../../protocol/provisioning';
import type { CallService } from './callService';

/**
 * Device provisioning (001 §7 provisioningDevice); the tasks and their logs are the declared
 * lists provision-tasks and provision-log.
 */
export function provisioningCalls(callService: CallService) {
  return {
    provisionDevices: (database: number, key: ProvisionKey, mids: string[] | 'all') =>
      callService<ProvisionAnswer>('provisioningDevice', {
        database,
        key,
        devices: mids === 'all' ? [] : mids.map((MID) => ({ MID })),
        all: mids === 'all',
      }),
  };
}

export type ProvisioningCalls = ReturnType<typeof provisioningCalls>;
