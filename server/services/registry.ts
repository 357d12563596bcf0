import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { ErrorCode } from '../../protocol/envelope';
import { isAdmin, isTopAdmin } from '../../protocol/roles';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { SqlSandbox } from '../db/sandbox';
import type { SessionUser } from '../auth';

export interface OperationContext {
  db: Db;
  /** Per-project PostgreSQL roles: the only way SQL a person writes is run (server/db/sandbox.ts). */
  sandbox: SqlSandbox;
  config: Config;
  user: SessionUser;
  log: FastifyBaseLogger;
  /** Where the call came from (the client's address), for the actions log. */
  address?: string;
  /** Through which door the call came, kept with the engine's revisions (server/engine/). */
  channel?: 'console' | 'rest' | 'api-client' | 'device' | 'data-service';
  /** The language of the screen or program that called (Accept-Language), else the user's. */
  language?: 'es' | 'en';
  /** Aborted when the caller goes away before the answer (a long SQL run is then cancelled). */
  signal?: AbortSignal;
}

/**
 * What an operation needs of its caller. 'user' is any signed-in user; a function decides
 * from the caller and the parsed parameter (project permission nodes use this).
 */
export type Permission =
  | 'user'
  | 'admin'
  | 'topadmin'
  | ((user: SessionUser, parameter: unknown, ctx: OperationContext) => boolean | Promise<boolean>);

export interface Operation<S extends z.ZodType = z.ZodType> {
  name: string;
  parameter: S;
  permission: Permission;
  handler(parameter: z.infer<S>, ctx: OperationContext): Promise<unknown>;
  /** The operation this one is another name of (server/services/spec-calls/alias.ts): the menu
   * gate and the company-state check know it by that name. */
  aliasOf?: string;
}

/** A refusal the caller should read: becomes the error envelope with this code and text. */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly code: string = ErrorCode.invalid,
    readonly status = 200,
    /**
     * The REST API's status for this refusal when it is not the usual 400 (a stale edit: 409
     * Conflict, RFC 9110 §15.5.10); /api/services answers its envelope with `status` as ever.
     */
    readonly restStatus?: number,
  ) {
    super(message);
  }
}

export function defineOperation<S extends z.ZodType>(operation: Operation<S>): Operation {
  return operation as unknown as Operation;
}

export async function isPermitted(
  permission: Permission,
  parameter: unknown,
  ctx: OperationContext,
): Promise<boolean> {
  const { user } = ctx;
  if (permission === 'user') return true;
  if (permission === 'admin') return isAdmin(user.profile);
  if (permission === 'topadmin') return isTopAdmin(user.profile);
  return permission(user, parameter, ctx);
}

export class OperationRegistry {
  private readonly operations = new Map<string, Operation>();

  add(...operations: Operation[]): this {
    for (const operation of operations) {
      if (this.operations.has(operation.name)) {
        throw new Error(`Operation ${operation.name} is registered twice`);
      }
      this.operations.set(operation.name, operation);
    }
    return this;
  }

  get(name: string): Operation | undefined {
    return this.operations.get(name);
  }

  names(): string[] {
    return [...this.operations.keys()].sort();
  }
}
