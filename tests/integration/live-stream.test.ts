import fs from 'node:fs';
import path from 'node:path';
import wrtc from '@roamhq/wrtc';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCandidate, parseDescription } from '../../protocol/live';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { Fleet } from '../../simulator/fleet';
import { DeviceLive } from '../../simulator/live';
import { Random } from '../../simulator/random';
import { buildTestApp, type TestApp } from '../support/app';
import { LiveClient } from '../support/live-client';

let t: TestApp;
let server: string;
let demo: DemoEnrolmentFile;
const closing: (() => unknown)[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const close of closing) await close();
  await t?.close();
});

async function simulated(mid: string, portrait: boolean) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: 'Ana' },
  });
  const credential = answer.json().result.credential as string;
  const live = new DeviceLive({
    server,
    mid,
    credential: () => credential,
    name: 'Ana · Pixel 8',
    battery: () => 77,
    portrait,
    random: new Random(mid),
    failRate: 0,
  });
  live.start();
  closing.push(() => live.stop());
  return live;
}

/** A Node viewer: signalling through the server, video into an RTCVideoSink. */
async function watch(mid: string, fps: number) {
  const client = await LiveClient.open(server, `Bearer ${await t.tokenFor('admin')}`);
  closing.push(() => client.close());
  client.send({ command: 'create_session', parameters: { database: demo.project } });
  const { sessionid: sessionId } = await client.next((m) => m.command === 'logon_sucess');
  await client.next((m) => m.command === 'device_register' && m.device.id === mid);
  const pc = new wrtc.RTCPeerConnection();
  closing.push(() => pc.close());
  const frames: { width: number; height: number; at: number }[] = [];
  pc.ontrack = ({ track }) => {
    const sink = new wrtc.nonstandard.RTCVideoSink(track);
    closing.push(() => sink.stop());
    sink.onframe = (event: unknown) => {
      const { frame } = event as { frame: { width: number; height: number } };
      frames.push({ width: frame.width, height: frame.height, at: Date.now() });
    };
  };
  const device = { id: mid, type: 'ANDROID' };
  pc.onicecandidate = ({ candidate }) => {
    if (!candidate) return;
    // The specification's other candidate form: the candidate line in `sdp` (002 §3).
    const payload = JSON.stringify({
      sdp: candidate.candidate,
      sdpMid: candidate.sdpMid,
      sdpMLineIndex: candidate.sdpMLineIndex,
    });
    client.send({ command: 'message', sessionId, device, msg: { type: 'candidate', payload } });
  };
  client.socket.on('message', async (data) => {
    const message = JSON.parse(data.toString());
    if (message.command !== 'message') return;
    if (message.msg.type === 'candidate') {
      await pc.addIceCandidate(parseCandidate(message.msg.payload)!);
      return;
    }
    await pc.setRemoteDescription(parseDescription(message.msg.payload)!);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    const payload = JSON.stringify({ type: answer.type, sdp: answer.sdp });
    client.send({ command: 'message', sessionId, device, msg: { type: 'sdp', payload } });
  });
  client.send({ command: 'session_start', sessionId, device, parameters: { fps } });
  return { client, pc, frames, sessionId, device };
}

const rateOver = async (frames: { at: number }[], ms: number) => {
  const from = Date.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (frames.filter((frame) => frame.at >= from).length * 1000) / ms;
};

it('streams a portrait screen over WebRTC at the asked rate, and changes it on session_parameters', async () => {
  await simulated('live-stream-1', true);
  const viewer = await watch('live-stream-1', 15);
  await expect.poll(() => viewer.frames.length, { timeout: 10_000 }).toBeGreaterThan(5);
  expect(viewer.frames.at(-1)).toMatchObject({ width: 272, height: 480 });
  const at15 = await rateOver(viewer.frames, 2000);
  expect(at15).toBeGreaterThan(10);
  expect(at15).toBeLessThan(20);

  viewer.client.send({
    command: 'session_parameters',
    sessionId: viewer.sessionId,
    device: viewer.device,
    parameters: { fps: 5 },
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const at5 = await rateOver(viewer.frames, 2000);
  expect(at5).toBeGreaterThan(2);
  expect(at5).toBeLessThan(8);
}, 30_000);

it('streams landscape for a tablet, and a forced failure never connects', async () => {
  const tablet = await simulated('live-stream-2', false);
  tablet.failNext = 1;
  const failed = await watch('live-stream-2', 15);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(failed.pc.connectionState).not.toBe('connected');
  expect(failed.frames).toHaveLength(0);
  // Started again (as the console's watchdog does), it connects.
  failed.pc.close();
  const again = await watch('live-stream-2', 15);
  await expect.poll(() => again.frames.length, { timeout: 10_000 }).toBeGreaterThan(3);
  expect(again.frames.at(-1)).toMatchObject({ width: 480, height: 272 });
}, 30_000);

it('a simulated fleet keeps its live sockets open while online, named as the grid shows them', async () => {
  const fleet = new Fleet({
    server,
    project: demo.project,
    token: demo.token,
    devices: 3,
    stateFile: null,
    checkinSeconds: 60,
    firstCheckinWithin: 0.2,
    episodes: false,
    live: { failRate: 0 },
  });
  closing.push(() => fleet.stop());
  expect(await fleet.enrol()).toEqual({ enrolled: 3, failed: 0 });
  fleet.start();
  const client = await LiveClient.open(server, `Bearer ${await t.tokenFor('admin')}`);
  closing.push(() => client.close());
  client.send({ command: 'create_session', parameters: { database: demo.project } });
  for (const device of fleet.devices) {
    const registered = await client.next(
      (m) => m.command === 'device_register' && m.device.id === device.mid,
    );
    expect(registered.device.name).toBe(`${device.profile.owner} · ${device.profile.spec.model}`);
  }
  // A device that stops closes its live socket: the viewer is told.
  await fleet.devices[0].stop();
  const offline = await client.next((m) => m.command === 'device_offline');
  expect(offline.device.id).toBe(fleet.devices[0].mid);
}, 30_000);
