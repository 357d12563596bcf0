import { describe, expect, it } from 'vitest';
import {
  bitrateKbits,
  parseCandidate,
  parseDescription,
  viewerMessageSchema,
} from '../../../protocol/live';

describe('live monitoring helpers (002 §3, §9)', () => {
  it('computes the bitrate as floor(8 × bytes / ms)', () => {
    expect(bitrateKbits(150_000, 6000)).toBe(200);
    expect(bitrateKbits(1000, 3)).toBe(2666);
    expect(bitrateKbits(1000, 0)).toBe(0);
    expect(bitrateKbits(-5, 6000)).toBe(0);
  });

  it('reads a candidate, and one without `candidate` from its `sdp`', () => {
    const line = 'candidate:1 1 udp 2122260223 192.168.1.4 54321 typ host';
    expect(
      parseCandidate(JSON.stringify({ candidate: line, sdpMid: '0', sdpMLineIndex: 0 })),
    ).toEqual({ candidate: line, sdpMid: '0', sdpMLineIndex: 0 });
    expect(parseCandidate(JSON.stringify({ sdp: line, id: 'video', label: 1 }))).toEqual({
      candidate: line,
      sdpMid: 'video',
      sdpMLineIndex: 1,
    });
    expect(parseCandidate('not json')).toBeNull();
    expect(parseCandidate(JSON.stringify({ sdpMid: '0' }))).toBeNull();
  });

  it('reads an sdp payload', () => {
    expect(parseDescription(JSON.stringify({ type: 'offer', sdp: 'v=0' }))).toEqual({
      type: 'offer',
      sdp: 'v=0',
    });
    expect(parseDescription(JSON.stringify({ type: 'rollback' }))).toBeNull();
  });

  it('takes the frame rates of the slider only (5–55)', () => {
    const parameters = (fps: number) =>
      viewerMessageSchema.safeParse({
        command: 'session_parameters',
        sessionId: 's',
        device: { id: 'mid-1' },
        parameters: { fps },
      }).success;
    expect(parameters(5)).toBe(true);
    expect(parameters(55)).toBe(true);
    expect(parameters(4)).toBe(false);
    expect(parameters(56)).toBe(false);
  });
});
