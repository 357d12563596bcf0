import type * as WrtcModule from '@roamhq/wrtc';
import WebSocket from 'ws';
import { deviceAuthorization } from '../protocol/device-protocol';
import {
  LIVE,
  LIVE_PATH,
  LIVE_SUBPROTOCOL,
  parseCandidate,
  parseDescription,
  type LiveIceServer,
  type LiveMsg,
} from '../protocol/live';
import type { Random } from './random';
import { SyntheticScreen } from './screen';

export interface LiveHost {
  server: string;
  mid: string;
  credential(): string | null;
  /** What the screen shows: the device's name and battery now. */
  name: string;
  battery(): number | null;
  /** Phones stream portrait, tablets, laptops and kiosks landscape. */
  portrait: boolean;
  random: Random;
  /** Share of negotiations that fail on purpose (no ICE candidates), for the watchdog. */
  failRate: number;
}

type Incoming = {
  command: string;
  sessionid?: string;
  sessionId?: string;
  iceServers?: LiveIceServer[];
  parameters?: { fps?: number };
  msg?: LiveMsg;
};

/** One viewer's stream: a peer connection fed by a synthetic screen at the asked frame rate. */
type Wrtc = typeof WrtcModule;
let loading: Promise<Wrtc> | null = null;

/**
 * WebRTC for Node, loaded with the first session: a fleet that is never watched (the load
 * benchmarks' tens of thousands) does not load the native module at all.
 */
function loadWrtc(): Promise<Wrtc> {
  loading ??= import('@roamhq/wrtc').then(
    (module) => ((module as { default?: Wrtc }).default ?? module) as Wrtc,
  );
  return loading;
}

class Stream {
  readonly pc: InstanceType<Wrtc['RTCPeerConnection']>;
  private readonly source: InstanceType<Wrtc['nonstandard']['RTCVideoSource']>;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    wrtc: Wrtc,
    private readonly host: LiveHost,
    private readonly screen: SyntheticScreen,
    iceServers: LiveIceServer[],
    private fps: number,
    /** This negotiation fails on purpose: no candidate leaves or enters. */
    readonly failing: boolean,
    send: (msg: LiveMsg) => void,
  ) {
    this.source = new wrtc.nonstandard.RTCVideoSource();
    this.pc = new wrtc.RTCPeerConnection({ iceServers });
    const track = this.source.createTrack();
    this.pc.addTrack(track, new wrtc.MediaStream([track]));
    this.pc.onicecandidate = ({ candidate }) => {
      if (!candidate || this.failing) return;
      const { candidate: text, sdpMid, sdpMLineIndex } = candidate;
      send({
        type: 'candidate',
        payload: JSON.stringify({ candidate: text, sdpMid, sdpMLineIndex }),
      });
    };
    this.pc.onconnectionstatechange = () => {
      if (['failed', 'closed'].includes(this.pc.connectionState)) this.close();
    };
    this.run();
  }

  async offer(send: (msg: LiveMsg) => void): Promise<void> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    send({ type: 'sdp', payload: JSON.stringify({ type: offer.type, sdp: offer.sdp }) });
  }

  async receive(msg: LiveMsg): Promise<void> {
    if (msg.type === 'sdp') {
      const description = parseDescription(msg.payload);
      if (description?.type === 'answer') await this.pc.setRemoteDescription(description);
      return;
    }
    const candidate = parseCandidate(msg.payload);
    if (candidate && !this.failing) await this.pc.addIceCandidate(candidate);
  }

  setFps(fps: number): void {
    this.fps = Math.min(LIVE.fpsMax, Math.max(LIVE.fpsMin, Math.round(fps)));
    this.run();
  }

  /**
   * Frames on a fixed schedule (start + k × period), not `setInterval`: Node re-arms an interval
   * from the moment its callback ran, so every late tick (16 streams encoding in one process) would
   * push the rest later and the stream would run under its frame rate. A stream that fell more
   * than a frame behind starts its schedule again rather than sending a burst.
   */
  private run(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.closed) return;
    const period = 1000 / this.fps;
    let next = performance.now();
    const tick = () => {
      if (this.closed) return;
      const frame = this.screen.draw({
        name: this.host.name,
        battery: this.host.battery(),
        now: Date.now(),
      });
      this.source.onFrame(frame);
      next += period;
      const now = performance.now();
      if (next < now - period) next = now;
      this.timer = setTimeout(tick, Math.max(0, next - now));
    };
    this.timer = setTimeout(tick, 0);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.pc.close();
  }
}

/**
 * A device's live video (docs/device-protocol.md, "Live video"): it keeps the signalling socket
 * open while the device is online and answers each `session_start` with a WebRTC offer carrying
 * its synthetic screen; `session_parameters` changes the frame rate, `session_stop` ends it.
 */
export class DeviceLive {
  private socket: WebSocket | null = null;
  private wanted = false;
  private retry: NodeJS.Timeout | null = null;
  private delay = 1000;
  private iceServers: LiveIceServer[] = [];
  private readonly streams = new Map<string, Stream>();
  private screen: SyntheticScreen | null = null;
  /** Negotiations still to fail on purpose, whatever the fail rate (tests force one this way). */
  failNext = 0;
  /** How many session_start commands arrived (a viewer's watchdog sends another). */
  sessionStarts = 0;

  constructor(private readonly host: LiveHost) {}

  /** The device's screen, drawn once a viewer asks for it (a 200 KB frame buffer). */
  private screenOf(): SyntheticScreen {
    if (this.screen) return this.screen;
    const [width, height] = this.host.portrait ? [272, 480] : [480, 272];
    const tints: [number, number][] = [
      [160, 100],
      [100, 160],
      [180, 150],
      [90, 110],
      [140, 180],
      [110, 90],
    ];
    this.screen = new SyntheticScreen(width, height, tints[this.host.random.int(0, 5)]);
    return this.screen;
  }

  /** How many viewers this device streams to now. */
  get streaming(): number {
    return this.streams.size;
  }

  start(): void {
    this.wanted = true;
    this.open();
  }

  stop(): void {
    this.wanted = false;
    if (this.retry) clearTimeout(this.retry);
    for (const stream of this.streams.values()) stream.close();
    this.streams.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else socket?.close(1000, 'offline');
  }

  private open(): void {
    const credential = this.host.credential();
    if (this.socket || !this.wanted || !credential) return;
    const url = `${this.host.server.replace(/^http/, 'ws')}${LIVE_PATH}`;
    const socket = new WebSocket(url, [LIVE_SUBPROTOCOL], {
      headers: { authorization: deviceAuthorization(this.host.mid, credential) },
      handshakeTimeout: 15_000,
    });
    this.socket = socket;
    socket.on('message', (data) => void this.onMessage(socket, data.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const stream of this.streams.values()) stream.close();
      this.streams.clear();
      if (!this.wanted) return;
      this.retry = setTimeout(() => this.open(), this.delay * this.host.random.between(0.5, 1.5));
      this.delay = Math.min(this.delay * 2, 30_000);
    });
  }

  private async onMessage(socket: WebSocket, text: string): Promise<void> {
    let message: Incoming;
    try {
      message = JSON.parse(text) as Incoming;
    } catch {
      return;
    }
    const sessionId = message.sessionId ?? '';
    const send = (msg: LiveMsg) => {
      if (socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ command: 'message', sessionId, msg }));
      }
    };
    try {
      switch (message.command) {
        case 'logon_sucess':
          this.delay = 1000;
          this.iceServers = message.iceServers ?? [];
          return;
        case 'session_start': {
          this.sessionStarts++;
          const fps = message.parameters?.fps ?? LIVE.fpsDefault;
          const failing = this.failNext > 0 || this.host.random.chance(this.host.failRate);
          if (this.failNext > 0) this.failNext--;
          const wrtc = await loadWrtc();
          // A later start of the same session replaces the earlier one's connection.
          this.streams.get(sessionId)?.close();
          if (socket.readyState !== WebSocket.OPEN) return;
          const stream = new Stream(
            wrtc,
            this.host,
            this.screenOf(),
            this.iceServers,
            fps,
            failing,
            send,
          );
          this.streams.set(sessionId, stream);
          await stream.offer(send);
          return;
        }
        case 'session_parameters':
          if (message.parameters?.fps) this.streams.get(sessionId)?.setFps(message.parameters.fps);
          return;
        case 'session_stop':
          this.streams.get(sessionId)?.close();
          this.streams.delete(sessionId);
          return;
        case 'message':
          if (message.msg) await this.streams.get(sessionId)?.receive(message.msg);
          return;
        default:
          return;
      }
    } catch {
      // A negotiation that went wrong: the viewer's watchdog starts the session again.
    }
  }
}
