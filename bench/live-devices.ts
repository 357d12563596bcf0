/**
 * The devices of `npm run bench -- live`, in a process of their own so that the server's CPU is
 * measured apart from the video encoding: `add <n>` on stdin enrols and starts n more simulated
 * devices streaming (simulator/live.ts); each batch answers `ready <total>` on stdout.
 */
import readline from 'node:readline';
import { DeviceLive } from '../simulator/live';
import { Random } from '../simulator/random';

const [server, token] = process.argv.slice(2);
const devices: DeviceLive[] = [];

async function add(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const mid = `bench-live-${String(devices.length + 1).padStart(3, '0')}`;
    const response = await fetch(`${server}/api/device/v1/enrol`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: mid }),
    });
    const { result } = (await response.json()) as { result: { credential: string } };
    const live = new DeviceLive({
      server,
      mid,
      credential: () => result.credential,
      name: mid,
      battery: () => 80,
      portrait: true,
      random: new Random(mid),
      failRate: 0,
    });
    live.start();
    devices.push(live);
  }
  console.log(`ready ${devices.length}`);
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, count] = line.trim().split(' ');
  if (command === 'add') void add(Number(count));
});
process.on('SIGTERM', () => {
  for (const live of devices) live.stop();
  process.exit(0);
});
