import {
  LIVE,
  bitrateKbits,
  parseCandidate,
  parseDescription,
  type LiveMsg,
} from '../../../protocol/live';
import type { SignallingClient } from './signalling';

export interface PeerEvents {
  stream(stream: MediaStream | null): void;
  bitrate(kbits: number | null): void;
  state(state: RTCPeerConnectionState): void;
}

const BROKEN: RTCPeerConnectionState[] = ['failed', 'closed', 'disconnected'];

/**
 * The video connection to one device (002 §4): session_start asks the device for an offer, which
 * is answered; stats are polled every 6 s for the bitrate; a watchdog 10 s after the answer (2 s
 * while failed, closed or disconnected, stopped once connected) closes a connection that is not
 * connected, makes a new one and sends session_start again. Negotiation errors are logged only
 * (002 §8).
 */
export class DevicePeer {
  private pc: RTCPeerConnection | null = null;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private stats: ReturnType<typeof setInterval> | null = null;
  private last: { bytes: number; at: number } | null = null;
  private stopListening: () => void;
  private closed = false;
  /** How many times the connection was made (1 at first; each watchdog restart adds one). */
  starts = 0;

  constructor(
    private readonly signalling: SignallingClient,
    private readonly device: { id: string; type: string },
    private fps: number,
    private readonly events: PeerEvents,
  ) {
    this.stopListening = signalling.onDevice(device.id, (msg) => void this.receive(msg));
  }

  start(): void {
    if (this.closed) return;
    this.dispose();
    this.starts++;
    const pc = new RTCPeerConnection({
      iceServers: this.signalling.iceServers,
      bundlePolicy: 'max-bundle',
      iceTransportPolicy: 'all',
    });
    this.pc = pc;
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.ontrack = ({ track, streams }) => this.events.stream(streams[0] ?? new MediaStream([track]));
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate) return;
      const payload = JSON.stringify(candidate.toJSON());
      this.signalling.send('message', this.device, { msg: { type: 'candidate', payload } });
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      this.events.state(pc.connectionState);
      if (pc.connectionState === 'connected') {
        this.stopWatchdog();
        // The baseline of the bitrate, so that the first figure comes with the next poll.
        void this.poll(pc);
      } else if (BROKEN.includes(pc.connectionState)) this.arm(LIVE.watchdogRetryMs);
    };
    this.stats = setInterval(() => void this.poll(pc), LIVE.statsPollMs);
    this.events.state(pc.connectionState);
    this.signalling.send('session_start', this.device, { parameters: { fps: this.fps } });
  }

  setFps(fps: number): void {
    this.fps = fps;
    this.signalling.send('session_parameters', this.device, { parameters: { fps } });
  }

  /** Closes the connection and tells the device to stop streaming to this session. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopListening();
    this.dispose();
    this.signalling.send('session_stop', this.device);
  }

  private async receive(msg: LiveMsg): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    try {
      if (msg.type === 'candidate') {
        const candidate = parseCandidate(msg.payload);
        if (candidate) await pc.addIceCandidate(candidate);
        return;
      }
      const description = parseDescription(msg.payload);
      if (description?.type !== 'offer') return;
      await pc.setRemoteDescription(description);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      const payload = JSON.stringify({ type: answer.type, sdp: answer.sdp });
      this.signalling.send('message', this.device, { msg: { type: 'sdp', payload } });
      this.arm(LIVE.watchdogMs);
    } catch (error) {
      console.warn(`live video negotiation with ${this.device.id} failed`, error);
    }
  }

  private arm(ms: number): void {
    this.stopWatchdog();
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.closed || this.pc?.connectionState === 'connected') return;
      this.start();
    }, ms);
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private async poll(pc: RTCPeerConnection): Promise<void> {
    let bytes = 0;
    let at = 0;
    (await pc.getStats()).forEach((report: RTCInboundRtpStreamStats) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') {
        bytes += report.bytesReceived ?? 0;
        at = report.timestamp;
      }
    });
    if (this.pc !== pc || !at) return;
    if (this.last) this.events.bitrate(bitrateKbits(bytes - this.last.bytes, at - this.last.at));
    this.last = { bytes, at };
  }

  private dispose(): void {
    this.stopWatchdog();
    if (this.stats) clearInterval(this.stats);
    this.stats = null;
    this.last = null;
    const pc = this.pc;
    this.pc = null;
    pc?.close();
    this.events.stream(null);
    this.events.bitrate(null);
  }
}
