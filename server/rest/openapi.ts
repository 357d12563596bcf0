import type { FastifyInstance } from 'fastify';
import { offeredVerbs, type ResourceDefinition } from '../../protocol/resource-definition';
import { recordJsonSchema, type JsonSchema } from '../../protocol/resource-json-schema';
import { RESOURCE_DEFINITIONS } from '../../protocol/resources';
import { customCatalogue } from '../engine/custom/catalogue';
import { withCustomFields } from '../engine/custom-fields';
import { authenticate, type ServicesDeps } from '../services/route';
import type { Config } from '../config';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const errors = {
  '400': { description: 'Refused: the envelope says why', content: json(ref('Error')) },
  '401': { description: 'No valid bearer token', content: json(ref('Error')) },
  '403': { description: 'The caller may not do this', content: json(ref('Error')) },
  '404': { description: 'No such resource or record', content: json(ref('Error')) },
};
const listParameters = [
  { name: 'sort', in: 'query', schema: { type: 'string' }, example: '["name","ASC"]' },
  { name: 'range', in: 'query', schema: { type: 'string' }, example: '[0,24]' },
  { name: 'filter', in: 'query', schema: { type: 'string' }, example: '{"q":"madrid"}' },
];
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const databaseParameter = {
  name: 'database',
  in: 'path',
  required: true,
  schema: { type: 'integer' },
  description: 'The project number',
};

/** The paths of one resource, by its verbs (a verb without a call has no path). */
function pathsOf(definition: ResourceDefinition) {
  const verbs = new Set(offeredVerbs(definition));
  const name = definition.name;
  const base =
    definition.scope === 'project' ? `/api/rest/projects/{database}/${name}` : `/api/rest/${name}`;
  const scope = definition.scope === 'project' ? [databaseParameter] : [];
  const tags = [name];
  const record = ref(`${name}`);
  const collection: Record<string, unknown> = {};
  const item: Record<string, unknown> = {};
  if (verbs.has('list')) {
    collection.get = {
      tags,
      summary: `List ${definition.title.many.en}`,
      parameters: [...scope, ...listParameters],
      responses: {
        '200': {
          description:
            'A page of records; Content-Range: <resource> <first>-<last>/<total>, or <total> * when the list cannot count it yet (more records follow)',
          headers: { 'Content-Range': { schema: { type: 'string' } } },
          content: json({ type: 'array', items: record }),
        },
        ...errors,
      },
    };
    item.get = {
      tags,
      summary: `One ${definition.title.one.en}`,
      parameters: [...scope, idParameter],
      responses: { '200': { description: 'The record', content: json(record) }, ...errors },
    };
  }
  if (verbs.has('create')) {
    collection.post = {
      tags,
      summary: `Create a ${definition.title.one.en}`,
      parameters: scope,
      requestBody: { required: true, content: json(ref(`${name}Create`)) },
      responses: { '201': { description: 'Created', content: json(record) }, ...errors },
    };
  }
  if (verbs.has('edit')) {
    item.put = {
      tags,
      summary: `Change a ${definition.title.one.en}`,
      parameters: [...scope, idParameter],
      requestBody: { required: true, content: json(ref(`${name}Edit`)) },
      responses: {
        '200': { description: 'Changed', content: json(record) },
        ...errors,
        ...(definition.storage
          ? {
              '409': {
                description: 'The record changed since the version sent was read',
                content: json(ref('Error')),
              },
            }
          : {}),
      },
    };
  }
  if (verbs.has('delete')) {
    item.delete = {
      tags,
      summary: `Delete a ${definition.title.one.en}`,
      parameters: [...scope, idParameter],
      responses: { '200': { description: 'Deleted', content: json(record) }, ...errors },
    };
  }
  return {
    ...(Object.keys(collection).length > 0 && { [base]: collection }),
    ...(Object.keys(item).length > 0 && { [`${base}/{id}`]: item }),
  };
}

/** The OpenAPI 3.1 document of the REST API, generated from the declared resources. */
export function openApiDocument(
  config: Pick<Config, 'PUBLIC_URL'>,
  definitions: ResourceDefinition[] = Object.values(RESOURCE_DEFINITIONS),
) {
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      properties: {
        error: {
          type: 'object',
          properties: { code: { type: 'string' }, description: { type: 'string' } },
          required: ['code', 'description'],
        },
        result: { type: 'null' },
      },
      required: ['error'],
    },
  };
  for (const definition of definitions) {
    schemas[definition.name] = recordJsonSchema(definition, 'read');
    if (definition.verbs.create)
      schemas[`${definition.name}Create`] = recordJsonSchema(definition, 'create');
    if (definition.verbs.edit)
      schemas[`${definition.name}Edit`] = recordJsonSchema(definition, 'edit');
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Flota REST API',
      version: '1',
      description: 'Every declared resource in the dialect of ra-data-simple-rest (docs/api.md).',
    },
    servers: [{ url: config.PUBLIC_URL }],
    security: [{ bearer: [] }],
    tags: definitions.map((d) => ({ name: d.name, description: d.title.many.en })),
    paths: Object.assign({}, ...definitions.map(pathsOf)),
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

/**
 * GET /api/openapi.json: it describes, it reveals no data, so it needs no token. With one, it
 * describes the caller's company as it is now: its custom entities, and the custom fields of
 * the entities the engine stores (issue 34, points 7 and 8).
 */
export function registerOpenApi(app: FastifyInstance, deps: ServicesDeps): void {
  const document = openApiDocument(deps.config);
  app.get('/api/openapi.json', async (request) => {
    if (!request.headers.authorization) return document;
    const user = await authenticate(request, deps).catch(() => null);
    if (user?.companyId == null) return document;
    const customs = await customCatalogue(deps.db).of(user.companyId);
    const declared = await Promise.all(
      Object.values(RESOURCE_DEFINITIONS).map((d) => withCustomFields(d, { user, db: deps.db })),
    );
    const custom = await Promise.all(
      [...customs.entities.values()].map((e) =>
        withCustomFields(e.definition, { user, db: deps.db }),
      ),
    );
    return openApiDocument(deps.config, [...declared, ...custom]);
  });
}
