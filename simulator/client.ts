import WebSocket from 'ws';
import {
  DEVICE_API,
  deviceAuthorization,
  type CheckinRequest,
  type CheckinResponse,
  type EnrolRequest,
  type EnrolResponse,
} from '../protocol/device-protocol';
import type { ReplicaRequest, ReplicaResponse } from '../protocol/replication';

/** The server answered with the protocol's error envelope. */
export class ProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(`${status} ${description}`);
  }

  /** The credential is no longer good (401) or the device was removed (410): enrol again. */
  get unenrolled(): boolean {
    return this.status === 401 || this.status === 410;
  }
}

interface Envelope<R> {
  error: { code: string; description: string };
  result: R | null;
}

const TIMEOUT_MS = 15_000;

/**
 * The device side of protocol v1 over plain HTTP and WebSocket, as an agent would speak it:
 * nothing here knows the server's internals.
 */
export class DeviceClient {
  constructor(readonly server: string) {}

  private async post<R>(path: string, body: unknown, authorization?: string): Promise<R> {
    const response = await fetch(`${this.server}${DEVICE_API}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    let envelope: Envelope<R>;
    try {
      envelope = (await response.json()) as Envelope<R>;
    } catch {
      throw new ProtocolError(response.status, String(response.status), response.statusText);
    }
    if (!response.ok || envelope.error?.code !== '0' || envelope.result === null) {
      throw new ProtocolError(
        response.status,
        envelope.error?.code ?? String(response.status),
        envelope.error?.description ?? response.statusText,
      );
    }
    return envelope.result;
  }

  enrol(request: EnrolRequest): Promise<EnrolResponse> {
    return this.post('/enrol', request);
  }

  checkin(mid: string, credential: string, request: CheckinRequest): Promise<CheckinResponse> {
    return this.post('/checkin', request, deviceAuthorization(mid, credential));
  }

  /** Replicates: acknowledge, send operations, fetch (docs/device-protocol.md, "Replicate"). */
  replica(mid: string, credential: string, request: ReplicaRequest): Promise<ReplicaResponse> {
    return this.post('/replica', request, deviceAuthorization(mid, credential));
  }

  /** Opens the device WebSocket, authenticated by header. */
  socket(mid: string, credential: string): WebSocket {
    const url = `${this.server.replace(/^http/, 'ws')}${DEVICE_API}/socket`;
    return new WebSocket(url, {
      headers: { authorization: deviceAuthorization(mid, credential) },
      handshakeTimeout: TIMEOUT_MS,
    });
  }
}
