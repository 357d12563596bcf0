import {
  BEARER_SUBPROTOCOL_PREFIX,
  LIVE,
  LIVE_PATH,
  LIVE_SUBPROTOCOL,
  TOKEN_EXPIRED_CLOSE,
  type LiveDevice,
  type LiveIceServer,
  type LiveMsg,
} from '../../../protocol/live';

/** A server message as read off the socket (protocol/live.ts LiveServerMessage, loosely). */
interface Incoming {
  command?: string;
  sessionid?: string;
  iceServers?: LiveIceServer[];
  maxPanels?: number;
  device?: LiveDevice;
  msg?: LiveMsg;
  error?: { code: string; description: string };
}

export type SignallingState = 'connecting' | 'open' | 'closed' | 'refused';

export interface SignallingSnapshot {
  state: SignallingState;
  sessionId: string | null;
  devices: LiveDevice[];
  maxPanels: number;
  /** The server's description when it refused the session. */
  refusal: string | null;
  /** The socket closed because its access token expired (4401): open a new one at once. */
  expired: boolean;
}

/**
 * The console's side of the signalling WebSocket (002 §7): one session on one project. It keeps
 * the project's live devices as the server announces them (device_register, device_offline) and
 * hands each device's sdp and candidate messages to that device's peer. "Open means ready,
 * close means not ready; a session is requested only while open" (002 §4).
 */
export class SignallingClient {
  private socket: WebSocket | null = null;
  private snapshot: SignallingSnapshot = {
    state: 'connecting',
    sessionId: null,
    devices: [],
    maxPanels: LIVE.defaultMaxPanels,
    refusal: null,
    expired: false,
  };
  private readonly devices = new Map<string, LiveDevice>();
  private readonly listeners = new Set<() => void>();
  private readonly peers = new Map<string, (msg: LiveMsg) => void>();
  iceServers: LiveIceServer[] = [];

  constructor(
    private readonly database: number,
    private readonly token: string,
  ) {}

  connect(): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
    const socket = new WebSocket(url, [LIVE_SUBPROTOCOL, BEARER_SUBPROTOCOL_PREFIX + this.token]);
    this.socket = socket;
    socket.onopen = () => {
      socket.send(
        JSON.stringify({ command: 'create_session', parameters: { database: this.database } }),
      );
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.devices.clear();
      this.update({
        state: this.snapshot.state === 'refused' ? 'refused' : 'closed',
        sessionId: null,
        expired: event.code === TOKEN_EXPIRED_CLOSE,
      });
    };
  }

  close(): void {
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.listeners.clear();
    this.peers.clear();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** Where the messages of one device go (its peer); answers how to stop. */
  onDevice(mid: string, handler: (msg: LiveMsg) => void): () => void {
    this.peers.set(mid, handler);
    return () => {
      if (this.peers.get(mid) === handler) this.peers.delete(mid);
    };
  }

  /** Sends a command about one device of the session; false while the socket is not ready. */
  send(command: string, device: Pick<LiveDevice, 'id' | 'type'>, extra: object = {}): boolean {
    const socket = this.socket;
    const sessionId = this.snapshot.sessionId;
    if (!socket || socket.readyState !== WebSocket.OPEN || !sessionId) return false;
    socket.send(
      JSON.stringify({
        command,
        sessionId,
        device: { id: device.id, type: device.type },
        ...extra,
      }),
    );
    return true;
  }

  /** The offline check found the device still offline: its panel goes (reason 'signal'). */
  forget(mid: string): void {
    if (this.devices.get(mid)?.status === 'online') return;
    this.devices.delete(mid);
    this.update({});
  }

  private receive(text: string): void {
    let message: Incoming;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    switch (message.command) {
      case 'logon_sucess':
        this.iceServers = message.iceServers ?? [];
        this.update({
          state: 'open',
          sessionId: message.sessionid ?? null,
          maxPanels: message.maxPanels ?? LIVE.defaultMaxPanels,
          refusal: null,
        });
        return;
      case 'device_register':
      case 'device_offline':
        if (message.device) this.devices.set(message.device.id, message.device);
        this.update({});
        return;
      case 'message':
        if (message.device && message.msg) this.peers.get(message.device.id)?.(message.msg);
        return;
      case 'error':
        // Refused before any session: nothing will work on this socket (002 §8: negotiation
        // errors are logged only, but a refused session is not one).
        if (!this.snapshot.sessionId) {
          this.update({ state: 'refused', refusal: message.error?.description ?? '' });
          this.socket?.close();
        } else {
          console.warn('live signalling:', message.error?.description);
        }
        return;
      default:
        return;
    }
  }

  private update(change: Partial<SignallingSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change, devices: [...this.devices.values()] };
    for (const listener of this.listeners) listener();
  }
}
