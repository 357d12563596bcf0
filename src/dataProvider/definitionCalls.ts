import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'ra-core';
import type { ResourceDefinition, Verb, VerbCall } from '../../protocol/resource-definition';
import { authorizedPostOf, resultOf, type CallService } from './callService';
import { KIOSK_PREMIUM_TABLE_PATH } from './kioskCalls';
import { withMetaFields } from './customFieldsMeta';
import { pageOf, withId } from './definitionRows';
import {
  createParameter,
  keyParameter,
  listParameter,
  updateParameter,
  type ServiceCall,
} from './definitionParameters';

type Values = Record<string, unknown>;
type CrudMethods = Pick<
  DataProvider,
  | 'getList'
  | 'getOne'
  | 'getMany'
  | 'getManyReference'
  | 'create'
  | 'update'
  | 'updateMany'
  | 'delete'
  | 'deleteMany'
>;

/** The verbs of a declared resource beyond react-admin's CRUD. */
export interface DefinitionCalls {
  /** Runs a bulk action of the definition on each id in turn; stops at the first refusal. */
  bulkAction(resource: string, action: string, ids: Identifier[], database?: number): Promise<void>;
}

/**
 * The declared resources are loaded with the first call that needs one (src/resources/declared.ts),
 * which also knows the definitions the console made at run time (a table's rows).
 */
async function definitionOf(resource: string): Promise<ResourceDefinition> {
  const { resourceDefinition } = await import('../resources/declared');
  const definition = resourceDefinition(resource);
  if (!definition) throw new HttpError(`Unknown resource ${resource}`, 404);
  return definition;
}

/** A kiosk call serves only a list (kioskTable, below). */
function serviceCall(call: VerbCall | undefined, resource: string, verb: string): ServiceCall {
  if (call && 'operation' in call) return call;
  throw new HttpError(`${verb} is not available for ${resource}`, 501);
}

const callOf = (definition: ResourceDefinition, verb: Verb) =>
  serviceCall(definition.verbs[verb]?.call, definition.name, verb);

const isRecord = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * react-admin's CRUD methods for every declared resource (protocol/resources), each through the
 * services operation its verb names. getOne asks the show verb when there is one; otherwise it
 * answers the row as the last list call returned it (its first page read when none has), since
 * those resources have no single-record operation and a dialog opens on a row the list has just
 * shown.
 */
export function definitionCalls(callService: CallService) {
  const listed = new Map<string, Map<string, RaRecord>>();
  const remember = (resource: string, row: RaRecord) => {
    if (!listed.has(resource)) listed.set(resource, new Map());
    listed.get(resource)!.set(String(row.id), row);
    return row;
  };

  async function getOne(resource: string, id: Identifier, meta?: Values, signal?: AbortSignal) {
    const definition = await definitionOf(resource);
    if (definition.verbs.show) {
      const call = callOf(definition, 'show');
      const parameter = keyParameter(definition, call, id, meta?.database);
      const row = await callService<Values>(call.operation, parameter, signal);
      return remember(resource, withId(definition, row));
    }
    // A form opened with a reference already chosen (a new bot in the page's project) asks for
    // the row before any list showed it: its list's first page is read for it.
    if (!listed.get(resource)?.has(String(id)) && definition.verbs.list) {
      await methods.getList(resource, {
        pagination: { page: 1, perPage: Math.max(...definition.perPage) },
        sort: definition.sort,
        filter: {},
        meta,
        signal,
      });
    }
    const row = listed.get(resource)?.get(String(id));
    if (!row) throw new HttpError(`${resource} ${id} not found`, 404);
    return row;
  }

  async function update(
    resource: string,
    id: Identifier,
    data: Values,
    previous: Values,
    meta?: Values,
  ) {
    const definition = withMetaFields(await definitionOf(resource), meta);
    const call = callOf(definition, 'edit');
    const parameter = updateParameter(definition, call, id, data, previous, meta?.database);
    const answer = await callService<unknown>(call.operation, parameter);
    return remember(
      resource,
      withId(definition, { ...previous, ...data, ...(isRecord(answer) ? answer : {}), id }),
    );
  }

  async function remove(resource: string, id: Identifier, meta?: Values) {
    const definition = await definitionOf(resource);
    const call = callOf(definition, 'delete');
    await callService(call.operation, keyParameter(definition, call, id, meta?.database));
    listed.get(resource)?.delete(String(id));
  }

  /**
   * A premium kiosk table's page (POST /api/kioskpremium/Actionstable, 002 §7): the oper, the
   * list's fixed filter and its own parameters (showok, showko) as parameters of their own.
   */
  async function kioskTable(
    call: Extract<VerbCall, { kiosk: string }>,
    definition: ResourceDefinition,
    params: Parameters<DataProvider['getList']>[1],
  ): Promise<unknown> {
    const post = authorizedPostOf(callService);
    if (!post || call.kiosk !== 'Actionstable') {
      throw new HttpError(`list is not available for ${definition.name}`, 501);
    }
    const values = (params.filter ?? {}) as Values;
    const own = (call.parameters ?? []).filter((name) => values[name] !== undefined);
    const { datatable } = listParameter(definition, params);
    return resultOf(
      await post(KIOSK_PREMIUM_TABLE_PATH, {
        oper: call.oper,
        ...(values.fixed as Values | undefined),
        ...Object.fromEntries(own.map((name) => [name, values[name]])),
        datatable,
      }),
    );
  }

  const methods: CrudMethods & DefinitionCalls = {
    async getList(resource, params) {
      const definition = withMetaFields(await definitionOf(resource), params.meta);
      const declared = definition.verbs.list?.call;
      const kiosk = declared && 'kiosk' in declared ? declared : null;
      const call = kiosk ? null : callOf(definition, 'list');
      const answer = kiosk
        ? await kioskTable(kiosk, definition, params)
        : await callService<unknown>(
            call!.operation,
            // `fixed` goes into the list call too (helpdesk-files' tab), over the list's own
            // parameters: a table's rows name their table in `filter`.
            { ...listParameter(definition, params, call!), ...call!.fixed },
            params.signal,
          );
      const page = pageOf(answer, call?.answer);
      const data = page.data.map((row) => remember(resource, withId(definition, row)));
      // A total that is PostgreSQL's estimate travels in meta, for the list to say so.
      const meta = page.estimated ? { meta: { totalEstimated: true } } : {};
      // A list that cannot count (a window over many projects) answers without a total, and an
      // engine list past its count's cap with `totalCapped` ("more than"; server/engine/total.ts):
      // react-admin then pages by whether a next page exists.
      const capped = (page as { totalCapped?: boolean }).totalCapped === true;
      if (page.total === undefined || page.total === null || capped) {
        const { page: number = 1, perPage = data.length } = params.pagination ?? {};
        return {
          data: data as never[],
          pageInfo: { hasPreviousPage: number > 1, hasNextPage: data.length >= perPage },
        };
      }
      return { data: data as never[], total: Number(page.total), ...meta };
    },
    async getOne(resource, params) {
      return { data: (await getOne(resource, params.id, params.meta, params.signal)) as never };
    },
    async getMany(resource, params) {
      const rows = await Promise.all(
        params.ids.map((id) => getOne(resource, id, params.meta, params.signal)),
      );
      return { data: rows as never[] };
    },
    async getManyReference(resource, params) {
      return methods.getList(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      });
    },
    async create(resource, params) {
      const definition = withMetaFields(await definitionOf(resource), params.meta);
      const call = callOf(definition, 'create');
      const data = params.data as Values;
      const answer = await callService<unknown>(
        call.operation,
        createParameter(definition, call, data, params.meta?.database),
      );
      return {
        data: remember(
          resource,
          withId(definition, { ...data, ...(isRecord(answer) ? answer : {}) }),
        ) as never,
      };
    },
    async update(resource, params) {
      const previous = (params.previousData ?? {}) as Values;
      return {
        data: (await update(
          resource,
          params.id,
          params.data as Values,
          previous,
          params.meta,
        )) as never,
      };
    },
    async updateMany(resource, params) {
      // One call per record, in order; the first refusal stops the rest and is shown.
      for (const id of params.ids)
        await update(resource, id, params.data as Values, {}, params.meta);
      return { data: params.ids };
    },
    async delete(resource, params) {
      await remove(resource, params.id, params.meta);
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    async deleteMany(resource, params) {
      for (const id of params.ids) await remove(resource, id, params.meta);
      return { data: params.ids };
    },
    async bulkAction(resource, action, ids, database) {
      const definition = await definitionOf(resource);
      const bulk = definition.bulk.find((b) => b.name === action);
      const call = serviceCall(bulk?.call, resource, action);
      for (const id of ids)
        await callService(call.operation, keyParameter(definition, call, id, database));
    },
  };
  return methods;
}
