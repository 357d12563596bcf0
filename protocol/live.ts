import { z } from 'zod';

/**
 * Live video monitoring (002 §3, §4, §7, §9): the signalling WebSocket's messages, shared by the
 * server, the console and the simulator. The server only signals; video goes peer to peer over
 * WebRTC (docs/device-protocol.md, "Live video").
 */

/** The signalling WebSocket (the specification does not show its URL: this is ours). */
export const LIVE_PATH = '/api/live';
/**
 * The subprotocol a browser asks for. A browser cannot set an Authorization header on a
 * WebSocket, so it offers its bearer token as a second subprotocol, `bearer.<token>`; the server
 * answers with this one only, and the token never appears in a URL or an access log.
 */
export const LIVE_SUBPROTOCOL = 'flota-live';
export const BEARER_SUBPROTOCOL_PREFIX = 'bearer.';

/** The close code of a viewer's socket whose access token expired: open a new one, fresh token. */
export const TOKEN_EXPIRED_CLOSE = 4401;

/** 002 §9 live monitoring constants. */
export const LIVE = {
  /** While a device is not online, its panel is checked again after this long. */
  offlineCheckMs: 6000,
  /** Stats (bitrate) polled this often. */
  statsPollMs: 6000,
  /** The watchdog after an sdp offer is answered. */
  watchdogMs: 10_000,
  /** The watchdog while the connection is failed, closed or disconnected. */
  watchdogRetryMs: 2000,
  videoWidth: 280,
  videoWidthFullscreen: 480,
  fpsMin: 5,
  fpsMax: 55,
  fpsDefault: 15,
  /** At most this many panels at once, unless the setting says otherwise (ours). */
  defaultMaxPanels: 16,
} as const;

/** Bitrate in kbit/s: 8 × byte delta / ms delta, floored (002 §9). */
export function bitrateKbits(bytesDelta: number, msDelta: number): number {
  if (msDelta <= 0 || bytesDelta < 0) return 0;
  return Math.floor((8 * bytesDelta) / msDelta);
}

/** A device as a viewer sees it (002 §3): id is its MID, type its platform. */
export type LiveDevice = {
  id: string;
  name: string;
  type: string;
  status: 'online' | 'offline';
  /** Its group (DEVICEGROUP), for choosing which devices to watch. */
  group: string;
  project: number;
};

const deviceRef = z.object({
  id: z.string().min(1).max(64),
  type: z.string().max(40).optional(),
});

/** A connection message (002 §3): sdp or candidate, its payload a JSON string. */
export const liveMsgSchema = z.object({
  type: z.enum(['sdp', 'candidate']),
  payload: z.string().min(2).max(20_000),
});
export type LiveMsg = z.infer<typeof liveMsgSchema>;

export const sessionParametersSchema = z.object({
  fps: z.number().int().min(LIVE.fpsMin).max(LIVE.fpsMax),
});

/** Commands a viewer or a device may send besides create_session and message. */
export const LIVE_COMMANDS = ['session_start', 'session_parameters', 'session_stop'] as const;
export type LiveCommand = (typeof LIVE_COMMANDS)[number];

/** What a viewer (the console) sends. */
export const viewerMessageSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create_session'),
    /** The project whose devices the session watches (ours: the specification shows none). */
    parameters: z.object({ database: z.coerce.number().int().positive() }),
  }),
  z.object({
    command: z.literal('message'),
    sessionId: z.string().min(1).max(64),
    device: deviceRef,
    msg: liveMsgSchema,
  }),
  z.object({
    command: z.literal('session_start'),
    sessionId: z.string().min(1).max(64),
    device: deviceRef,
    parameters: sessionParametersSchema.partial().optional(),
  }),
  z.object({
    command: z.literal('session_parameters'),
    sessionId: z.string().min(1).max(64),
    device: deviceRef,
    parameters: sessionParametersSchema,
  }),
  z.object({
    command: z.literal('session_stop'),
    sessionId: z.string().min(1).max(64),
    device: deviceRef,
  }),
]);
export type ViewerMessage = z.infer<typeof viewerMessageSchema>;

/** What a device sends: its answers to a session (its own identity is its credential). */
export const deviceLiveMessageSchema = z.object({
  command: z.literal('message'),
  sessionId: z.string().min(1).max(64),
  msg: liveMsgSchema,
});
export type DeviceLiveMessage = z.infer<typeof deviceLiveMessageSchema>;

export interface LiveIceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** What the server sends, to viewers and to devices. */
export type LiveServerMessage =
  | {
      command: 'logon_sucess';
      sessionid: string;
      /** STUN/TURN servers for the peer connection (ICE_SERVERS; ours). */
      iceServers: LiveIceServer[];
      /** Most panels a grid shows at once (LIVE_MAX_PANELS; ours, viewers only). */
      maxPanels?: number;
    }
  | { command: 'device_register'; sessionid: string; device: LiveDevice }
  | { command: 'device_offline'; sessionid: string; device: LiveDevice }
  | { command: 'message'; sessionId: string; device: { id: string; type: string }; msg: LiveMsg }
  | {
      command: LiveCommand;
      sessionId: string;
      device: { id: string; type: string };
      parameters?: { fps?: number };
    }
  | { command: 'error'; error: { code: string; description: string } };

/** An ICE candidate from a candidate payload; one without `candidate` uses its `sdp` (002 §3). */
export function parseCandidate(payload: string): {
  candidate: string;
  sdpMid: string | null;
  sdpMLineIndex: number | null;
} | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value.candidate ?? value.sdp;
  if (typeof candidate !== 'string') return null;
  const mid = value.sdpMid ?? value.id;
  const index = value.sdpMLineIndex ?? value.label;
  return {
    candidate,
    sdpMid: typeof mid === 'string' ? mid : null,
    sdpMLineIndex: typeof index === 'number' ? index : null,
  };
}

/** A session description from an sdp payload, or null. */
export function parseDescription(
  payload: string,
): { type: 'offer' | 'answer'; sdp: string } | null {
  try {
    const value = JSON.parse(payload) as { type?: unknown; sdp?: unknown };
    if ((value.type === 'offer' || value.type === 'answer') && typeof value.sdp === 'string') {
      return { type: value.type, sdp: value.sdp };
    }
  } catch {
    // not JSON
  }
  return null;
}
