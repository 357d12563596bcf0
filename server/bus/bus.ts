/** A value that survives JSON: what a message on the bus may carry, so any transport can take it. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type BusMessage = { [key: string]: JsonValue };

export type BusHandler<M extends BusMessage = BusMessage> = (message: M) => void;
export type Unsubscribe = () => Promise<void>;

/**
 * Publish/subscribe between the server's parts and, with a shared transport, between server
 * nodes: device presence, commands and their results travel here. Delivery is asynchronous and
 * at-most-once, as on Redis pub/sub; a subscriber also receives what its own node publishes.
 */
export interface Bus {
  /** This server process; distinguishes nodes sharing one transport. */
  readonly node: string;
  /** Whether a publish can reach the other nodes now (always, for a single node's own bus). */
  isReady(): boolean;
  publish<M extends BusMessage>(channel: string, message: M): Promise<void>;
  subscribe<M extends BusMessage>(channel: string, handler: BusHandler<M>): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/** The channels the server uses, written once. */
export const BusChannel = {
  /** A device's WebSocket opened or closed: PresenceEvent. */
  presence: 'device.presence',
  /** A device opened a new WebSocket; nodes holding an older one close it: DeviceConnectedEvent. */
  connected: 'device.connected',
  /** A device's credential was revoked; the node holding its WebSocket closes it: DeviceRevokedEvent. */
  revoked: 'device.revoked',
  /** Devices were deleted; the nodes holding their WebSockets close them: DevicesDeletedEvent. */
  deleted: 'device.deleted',
  /** A message for a device, delivered by whichever node holds its WebSocket: DeviceDelivery. */
  deliver: 'device.deliver',
  /** Command results were recorded; nodes waiting on those commands read them: CommandOutcomeEvent. */
  commandOutcome: 'command.outcome',
  /** A resource override was saved from the console; nodes re-read that company's: OverridesChangedEvent. */
  resourceOverrides: 'resource.overrides',
  /** A custom entity or field was saved; nodes re-read that company's: CustomChangedEvent. */
  customDefinitions: 'custom.definitions',
  /** A custom entity's rows were written; nodes forget where its deep pages start: TableChangedEvent. */
  engineRows: 'engine.rows',
} as const;

export type PresenceEvent = {
  mid: string;
  numero: number;
  online: boolean;
  node: string;
  at: string;
};

export type DeviceConnectedEvent = { mid: string; node: string; connection: string };

export type DeviceRevokedEvent = { mid: string };

/** One message for a whole deletion (up to the operation's limit), not one per device. */
export type DevicesDeletedEvent = { mids: string[] };

export type DeviceDelivery = { mid: string; message: BusMessage };

/**
 * One message to many devices held by one node (a command or push to a whole selection): each
 * device `mids[i]` gets `message` with `id: ids[i]`. Published on that node's own channel
 * (nodeDeliveries), so a fan-out to 100,000 devices is a few messages per node, not 100,000
 * messages parsed by every node.
 */
export type DeviceDeliveries = { message: BusMessage; mids: string[]; ids: string[] };

/** The channel of the deliveries addressed to one node (DeviceDeliveries). */
export const nodeDeliveries = (node: string) => `device.deliver.${node}`;

/** A message a device sent (ack, result), handed by its node's hub to the command center. */
export type DeviceReport = { mid: string; numero: number; node: string; message: BusMessage };

/** One message per recorded batch: the history rows (project, IDs) that reached a final state. */
export type CommandOutcomeEvent = { numero: number; ids: number[] };
