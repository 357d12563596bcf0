import { describe, expect, it } from 'vitest';
import {
  checkLdataStatement,
  splitStatements,
  type LdataScope,
} from '../../../server/services/projects/ldata';

const sqls = (text: string) => splitStatements(text).map((statement) => statement.sql);

const scope: LdataScope = {
  ownSchema: 'prj_7',
  schemas: new Set(['core', 'public', 'pg_catalog', 'information_schema', 'prj_1', 'prj_7']),
};
const check = (text: string) => {
  const [statement] = splitStatements(text);
  return checkLdataStatement(statement, scope);
};

describe('splitStatements', () => {
  it('splits at semicolons and trims, leaving out empty statements', () => {
    expect(sqls(' CREATE TABLE a (x int);\n\n;INSERT INTO a VALUES (1) ;  ')).toEqual([
      'CREATE TABLE a (x int)',
      'INSERT INTO a VALUES (1)',
    ]);
    expect(sqls('')).toEqual([]);
    expect(sqls(' ;; -- only a comment\n /* and another */ ;')).toEqual([]);
  });

  it('keeps the last statement without a semicolon', () => {
    expect(sqls('CREATE TABLE a (x int); CREATE TABLE b (y int)')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE TABLE b (y int)',
    ]);
  });

  it('ignores semicolons inside strings, with doubled quotes', () => {
    expect(sqls("INSERT INTO a VALUES ('x;y', 'it''s; fine'); CREATE TABLE b (y int)")).toEqual([
      "INSERT INTO a VALUES ('x;y', 'it''s; fine')",
      'CREATE TABLE b (y int)',
    ]);
  });

  it("reads E'…' strings with backslash escapes, and plain strings without them", () => {
    expect(sqls("INSERT INTO a VALUES (E'a\\';b'); INSERT INTO a VALUES ('c\\'); X")).toEqual([
      "INSERT INTO a VALUES (E'a\\';b')",
      "INSERT INTO a VALUES ('c\\')",
      'X',
    ]);
  });

  it('ignores semicolons inside quoted identifiers', () => {
    expect(sqls('CREATE TABLE "a;b" ("x"";y" int); X')).toEqual([
      'CREATE TABLE "a;b" ("x"";y" int)',
      'X',
    ]);
  });

  it('ignores semicolons inside dollar quotes, tagged or not', () => {
    expect(sqls('COMMENT ON TABLE a IS $$x; y$$; COMMENT ON TABLE a IS $t$ $$; $t$; X')).toEqual([
      'COMMENT ON TABLE a IS $$x; y$$',
      'COMMENT ON TABLE a IS $t$ $$; $t$',
      'X',
    ]);
  });

  it('ignores semicolons inside line comments and nested block comments', () => {
    expect(
      sqls('CREATE TABLE a (x int) -- a; b\n; /* c; /* d; */ e; */ CREATE TABLE b (y int)'),
    ).toEqual(['CREATE TABLE a (x int) -- a; b', '/* c; /* d; */ e; */ CREATE TABLE b (y int)']);
  });

  it('marks a statement whose string, identifier, dollar quote or comment never closes', () => {
    for (const text of [
      "INSERT INTO a VALUES ('x",
      'CREATE TABLE "a',
      'COMMENT ON a IS $$x',
      'X /* y',
    ]) {
      const statements = splitStatements(text);
      expect(statements).toHaveLength(1);
      expect(statements[0].unterminated).toBe(true);
    }
    expect(splitStatements('CREATE TABLE a (x int)')[0].unterminated).toBe(false);
  });

  it('reads names in lower case, quoted identifiers as written, and numbers as numbers', () => {
    const [statement] = splitStatements('CREATE TABLE "Mixed" (Price numeric DEFAULT 1.5e3)');
    expect(statement.tokens.map((token) => `${token.kind}:${token.text}`)).toEqual([
      'word:create',
      'word:table',
      'quoted:Mixed',
      'symbol:(',
      'word:price',
      'word:numeric',
      'word:default',
      'number:1.5e3',
      'symbol:)',
    ]);
  });
});

describe('checkLdataStatement', () => {
  it('accepts the statements LDATA may hold', () => {
    for (const text of [
      'CREATE TABLE clients (id serial PRIMARY KEY, name text NOT NULL)',
      'create index clients_name on clients (name)',
      'CREATE UNIQUE INDEX clients_code ON clients (code)',
      'ALTER TABLE clients ADD COLUMN email text',
      "INSERT INTO clients (name) VALUES ('core.users; DROP TABLE x')",
      'CREATE VIEW named AS SELECT c.id, c.name FROM clients c',
      'CREATE OR REPLACE VIEW named AS SELECT id FROM clients',
      "COMMENT ON TABLE clients IS 'Clientes'",
      'CREATE TABLE prj_7.own (x int)',
      'CREATE TABLE "prj_7".own (x int)',
    ]) {
      expect(check(text), text).toBeNull();
    }
  });

  it('refuses any other statement', () => {
    for (const text of [
      'DROP TABLE clients',
      'GRANT ALL ON clients TO public',
      "COPY clients FROM '/etc/passwd'",
      'DO $$ BEGIN PERFORM 1; END $$',
      'CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$',
      'CREATE SCHEMA other',
      'CREATE ROLE evil',
      'SELECT * FROM core.users',
      'UPDATE clients SET name = 1',
      'DELETE FROM clients',
      'TRUNCATE clients',
      'SET search_path TO core',
      'CREATE TEMP TABLE t (x int)',
      'CREATE TRIGGER t AFTER INSERT ON clients EXECUTE FUNCTION f()',
      'VACUUM',
    ]) {
      expect(check(text), text).toEqual({ reason: 'notAllowed' });
    }
  });

  it('refuses a name qualified by another schema of the database, quoted or not', () => {
    expect(check('CREATE TABLE core.evil (x int)')).toEqual({
      reason: 'otherSchema',
      name: 'core',
    });
    expect(check('INSERT INTO "core"."users" (login) VALUES (1)')).toEqual({
      reason: 'otherSchema',
      name: 'core',
    });
    expect(check('CREATE VIEW v AS SELECT login FROM CORE.users')).toEqual({
      reason: 'otherSchema',
      name: 'core',
    });
    expect(check('CREATE VIEW v AS SELECT * FROM prj_1.devices')).toEqual({
      reason: 'otherSchema',
      name: 'prj_1',
    });
    expect(
      check('ALTER TABLE a ADD CONSTRAINT f FOREIGN KEY (x) REFERENCES public.t (id)'),
    ).toEqual({ reason: 'otherSchema', name: 'public' });
    expect(check('CREATE VIEW v AS SELECT table_name FROM information_schema.tables')).toEqual({
      reason: 'otherSchema',
      name: 'information_schema',
    });
  });

  it('does not read names in strings or comments as schemas', () => {
    expect(check("INSERT INTO notes (text) VALUES ('see core.users') -- core.users")).toBeNull();
    expect(check('COMMENT ON TABLE a IS $$prj_1.devices$$')).toBeNull();
  });

  it('refuses system catalogue names and functions that escape the schema', () => {
    expect(check('CREATE VIEW v AS SELECT * FROM pg_shadow')).toEqual({
      reason: 'forbiddenName',
      name: 'pg_shadow',
    });
    expect(check("INSERT INTO a SELECT pg_read_file('/etc/passwd')")).toEqual({
      reason: 'forbiddenName',
      name: 'pg_read_file',
    });
    expect(
      check("INSERT INTO a SELECT query_to_xml('select * from core.users', true, true, '')"),
    ).toEqual({ reason: 'forbiddenName', name: 'query_to_xml' });
    expect(check("INSERT INTO a SELECT set_config('search_path', 'core', true)")).toEqual({
      reason: 'forbiddenName',
      name: 'set_config',
    });
    expect(check("INSERT INTO a SELECT setval('core.projects_numero_seq', 1)")).toEqual({
      reason: 'forbiddenName',
      name: 'setval',
    });
    expect(check("INSERT INTO a SELECT lo_import('/etc/passwd')")).toEqual({
      reason: 'forbiddenName',
      name: 'lo_import',
    });
  });

  it('accepts a column that merely shares a function name', () => {
    expect(check('CREATE TABLE a (setval int, lo_price numeric)')).toBeNull();
  });

  it('refuses moving a table to another schema or owner', () => {
    expect(check('ALTER TABLE a SET SCHEMA core')).toEqual({
      reason: 'forbiddenName',
      name: 'SET SCHEMA',
    });
    expect(check('ALTER TABLE a OWNER TO postgres')).toEqual({
      reason: 'forbiddenName',
      name: 'OWNER TO',
    });
  });

  it('refuses an unterminated statement', () => {
    expect(check("INSERT INTO a VALUES ('x")).toEqual({ reason: 'unterminated' });
  });
});
