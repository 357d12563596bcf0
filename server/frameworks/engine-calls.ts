import { FRAMEWORK_VERSIONS } from '../../protocol/resources/framework-versions';
import { entityOperations } from '../engine/index';
import type { OperationContext } from '../services/registry';

type Verb = 'create' | 'edit' | 'delete';

const operations = new Map(
  entityOperations(FRAMEWORK_VERSIONS).map((operation) => [operation.name, operation]),
);

/**
 * A write of the framework versions through the engine's own operation (its validation, the
 * actions log and the history), as the specification's update call asks for one.
 */
export async function engineOperation(
  ctx: OperationContext,
  verb: Verb,
  parameter: Record<string, unknown>,
): Promise<unknown> {
  const name = `frameworkVersions${verb[0].toUpperCase()}${verb.slice(1)}`;
  const operation = operations.get(name)!;
  const parsed = await operation.parameter.parseAsync(parameter);
  return operation.handler(parsed, ctx);
}
