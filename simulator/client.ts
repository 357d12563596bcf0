import WebSocket from 'ws';
import {
  DEVICE_API,
  deviceAuthorization,
  type CheckinRequest,
  type CheckinResponse,
  type DeviceUpdatesResponse,
  type EnrolRequest,
  type EnrolResponse,
  type UpdateConfirmRequest,
  type UpdateConfirmResponse,
  type UpdateDownloadRequest,
} from '../protocol/device-protocol';
import type {
  DeviceProvisionsResponse,
  ProvisionConfirm,
  ProvisionConfirmResponse,
} from '../protocol/provisioning';
import type { ReplicaRequest, ReplicaResponse } from '../protocol/replication';
import type {
  ComplianceRecorded,
  ComplianceReport,
  DevicePolicy,
  MdmEnrolRequest,
} from '../protocol/mdm/device-messages';

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

  private request(path: string, body: unknown, authorization?: string): Promise<Response> {
    return fetch(`${this.server}${DEVICE_API}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(authorization ? { authorization } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  private async post<R>(path: string, body: unknown, authorization?: string): Promise<R> {
    return this.answer<R>(await this.request(path, body, authorization));
  }

  private async answer<R>(response: Response): Promise<R> {
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

  /**
   * Enrols by a premium kiosk profile's QR: posts to its `enrolUrl` (on this server: the link's
   * path and signature, whatever PUBLIC_URL it names), without a token.
   */
  async enrolKiosk(
    enrolUrl: string,
    request: Omit<EnrolRequest, 'token' | 'platform'>,
  ): Promise<EnrolResponse> {
    const link = new URL(enrolUrl);
    const response = await fetch(`${this.server}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return this.answer<EnrolResponse>(response);
  }

  checkin(mid: string, credential: string, request: CheckinRequest): Promise<CheckinResponse> {
    return this.post('/checkin', request, deviceAuthorization(mid, credential));
  }

  /** Replicates: acknowledge, send operations, fetch (docs/device-protocol.md, "Replicate"). */
  replica(mid: string, credential: string, request: ReplicaRequest): Promise<ReplicaResponse> {
    return this.post('/replica', request, deviceAuthorization(mid, credential));
  }

  /** The device's pending updates (docs/device-protocol.md, "Updates"). */
  async updates(mid: string, credential: string): Promise<DeviceUpdatesResponse> {
    return this.answer(
      await this.request('/updates', undefined, deviceAuthorization(mid, credential)),
    );
  }

  /** The bytes of one file of an update. */
  async downloadUpdate(
    mid: string,
    credential: string,
    request: UpdateDownloadRequest,
  ): Promise<Buffer> {
    const response = await this.request(
      '/updates/download',
      request,
      deviceAuthorization(mid, credential),
    );
    if (!response.ok) return this.answer(response);
    return Buffer.from(await response.arrayBuffer());
  }

  /** Reports how updates went on the device. */
  confirmUpdate(
    mid: string,
    credential: string,
    request: UpdateConfirmRequest,
  ): Promise<UpdateConfirmResponse> {
    return this.post('/updates/confirm', request, deviceAuthorization(mid, credential));
  }

  /** The device's open provision tasks (docs/device-protocol.md, "Provisioning"). */
  async provisions(mid: string, credential: string): Promise<DeviceProvisionsResponse> {
    return this.answer(
      await this.request('/provision', undefined, deviceAuthorization(mid, credential)),
    );
  }

  /** The gzip-compressed NDJSON copy of a database task. */
  async downloadProvision(mid: string, credential: string, id: number): Promise<Buffer> {
    const response = await this.request(
      '/provision/download',
      { id },
      deviceAuthorization(mid, credential),
    );
    if (!response.ok) return this.answer(response);
    return Buffer.from(await response.arrayBuffer());
  }

  /** Reports how a provision task went on the device. */
  confirmProvision(
    mid: string,
    credential: string,
    request: ProvisionConfirm,
  ): Promise<ProvisionConfirmResponse> {
    return this.post('/provision/confirm', request, deviceAuthorization(mid, credential));
  }

  /** Enrols with an MDM enrolment token (docs/device-protocol.md, "MDM"). */
  mdmEnrol(request: MdmEnrolRequest): Promise<EnrolResponse & { state: 'active' | 'pending' }> {
    return this.post('/mdm/enrol', request);
  }

  /** The managed device's policy; refused (403) while it waits for approval. */
  async mdmPolicy(mid: string, credential: string): Promise<DevicePolicy> {
    return this.answer(
      await this.request('/mdm/policy', undefined, deviceAuthorization(mid, credential)),
    );
  }

  /** What the device applied of its policy, each setting not applied with its reason. */
  mdmCompliance(
    mid: string,
    credential: string,
    report: ComplianceReport,
  ): Promise<ComplianceRecorded> {
    return this.post('/mdm/compliance', report, deviceAuthorization(mid, credential));
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
