import { sql } from 'kysely';
import { PRODUCT } from '../../protocol/product';
import { ADMIN_RIGHTS } from '../../protocol/roles';

/** The SQL form of isTopAdmin (protocol/roles.ts) on a users row's `role` column. */
export const isTopAdminSql = (role: string) =>
  sql<boolean>`upper(${sql.ref(role)}) LIKE ${`%${PRODUCT}`}`;

/** The SQL form of isAdmin (protocol/roles.ts): rights ADMINISTRADOR, or the top role. */
export const isAdminSql = (table: string) =>
  sql<boolean>`(${sql.ref(`${table}.rights`)} = ${ADMIN_RIGHTS} OR ${isTopAdminSql(`${table}.role`)})`;
