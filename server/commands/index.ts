import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { SqlSandbox } from '../db/sandbox';
import type { OperationRegistry } from '../services/registry';
import { attachCommandCenter, CommandCenter, detachCommandCenter } from './center';
import { registerMdmRoute } from './mdm-route';

export { commandCenterOf, CommandCenter } from './center';

declare module 'fastify' {
  interface FastifyInstance {
    /** Remote commands of this node: sending, history, outcomes. */
    commands: CommandCenter;
  }
}

interface CommandsDeps {
  config: Config;
  db: Db;
  sandbox: SqlSandbox;
  registry: OperationRegistry;
  verifyToken: TokenVerifier;
}

/**
 * Remote commands (docs/device-protocol.md, "Commands"): the node's command center on the
 * device hub and bus (so registerDeviceApi comes first), and `POST /api/kioskpremium/mdm`.
 */
export async function registerCommands(app: FastifyInstance, deps: CommandsDeps): Promise<void> {
  const center = new CommandCenter({
    db: deps.db,
    bus: app.bus,
    hub: app.devices,
    log: app.log,
    timeoutSeconds: deps.config.DEVICE_COMMAND_TIMEOUT_SECONDS,
    metrics: app.metrics,
  });
  await center.start();
  app.decorate('commands', center);
  // Service operations reach the center through their database handle, as they reach the bus.
  attachCommandCenter(deps.db, center);
  // Registered before the device API's onClose (hooks run in order), so the last results are
  // written while the bus is still open.
  app.addHook('preClose', async () => {
    detachCommandCenter(deps.db, center);
    await center.close();
  });
  registerMdmRoute(app, deps);
}
