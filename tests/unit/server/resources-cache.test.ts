import { describe, expect, it } from 'vitest';
import { DEVICE_LIST_SCHEMA } from '../../../protocol/device-schema';
import type { Db } from '../../../server/db/database';
import type { Catalogue } from '../../../server/resources/catalogue';
import { parseResourceOverrides } from '../../../server/resources/overrides';
import { CATALOGUE_TTL_MS, Resources } from '../../../server/resources/resources';

const overrides = parseResourceOverrides(
  {
    resources: {
      devicelist: {
        hide: ['PIN2'],
        add: [
          { source: 'COSTCENTER', label: { es: 'Centro', en: 'Centre' } },
          { source: 'device_info.LASTGPS', label: { es: 'GPS', en: 'GPS' } },
        ],
      },
    },
  },
  'test',
);

/** A project catalogue that starts without COSTCENTER; the reads are counted. */
function fakeProject() {
  const state = { now: 1_000, reads: 0, costcentre: false, fail: false };
  const readCatalogue = async (): Promise<Catalogue> => {
    state.reads++;
    if (state.fail) throw new Error('database gone');
    const devices = new Map([['MID', 'text']]);
    if (state.costcentre) devices.set('COSTCENTER', 'numeric');
    const info = new Map([
      ['MID', 'text'],
      ['LASTGPS', 'timestamp with time zone'],
    ]);
    return new Map([
      ['devices', devices],
      ['device_info', info],
    ]);
  };
  const resources = new Resources(overrides, { now: () => state.now, readCatalogue });
  const project = { db: null as unknown as Db, schema: 'prj_7', numero: 7 };
  const effective = () => resources.effective('devicelist', project);
  return { state, effective };
}

describe('Resources', () => {
  it('types added columns from the catalogue and warns of the missing ones', async () => {
    const { state, effective } = fakeProject();
    const first = (await effective())!;
    expect(first.warnings).toEqual([
      'La columna añadida COSTCENTER no se muestra: no existe en la tabla devices del proyecto 7.',
    ]);
    expect(first.schema.fields.at(-1)).toMatchObject({
      source: 'device_info.LASTGPS',
      type: 'datetime',
    });
    expect([...first.added.keys()]).toEqual(['device_info.LASTGPS']);
    state.costcentre = true;
    state.now += CATALOGUE_TTL_MS + 1;
    const later = (await effective())!;
    expect(later.warnings).toEqual([]);
    expect(later.schema.fields.find((f) => f.source === 'COSTCENTER')?.type).toBe('float');
  });

  it('reads a project catalogue once a minute', async () => {
    const { state, effective } = fakeProject();
    await Promise.all([effective(), effective()]);
    state.now += CATALOGUE_TTL_MS - 1;
    await effective();
    expect(state.reads).toBe(1);
    state.now += 2;
    await effective();
    expect(state.reads).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const { state, effective } = fakeProject();
    state.fail = true;
    await expect(effective()).rejects.toThrow('database gone');
    state.fail = false;
    expect((await effective())!.warnings).toHaveLength(1);
    expect(state.reads).toBe(2);
  });

  it('answers the declared schema without an override, and null for an unknown resource', async () => {
    const resources = new Resources({});
    const project = { db: null as unknown as Db, schema: 'prj_1', numero: 1 };
    expect((await resources.effective('devicelist', project))?.schema).toBe(DEVICE_LIST_SCHEMA);
    expect(await resources.effective('nothing', project)).toBeNull();
  });
});
