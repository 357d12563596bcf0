import { factoryControls, type CommandTarget } from '../../../simulator/commands';

/** A simulated device as the command handlers see it, factory-new, without a server. */
export function kioskTarget(mid = 'kiosk-sim-1'): CommandTarget {
  return {
    mid,
    controls: factoryControls(),
    inventory: () => ({}),
    position: () => null,
    wipe: () => undefined,
    reboot: () => undefined,
    uploader: () => null,
  } as unknown as CommandTarget;
}

/** A command message from the server. */
export const command = (cmd: string, params: Record<string, unknown> = {}) =>
  ({ type: 'command', id: 'flota-1', cmd, params }) as never;
