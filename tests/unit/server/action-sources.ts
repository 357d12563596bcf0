import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What the server writes to the actions log, read from its source (server/actions-log.ts
 * callers): the action codes, the keys of each detail, and the string literals written as a
 * detail's values. It follows local wrappers (a function that passes one of its parameters on as
 * the detail, such as `logUser` or `logSignIn`), spreads and `const detail = {…}` in the same
 * file. A spread it cannot read (a function's result) is reported in `opaque`, so that a test
 * names its keys by hand and a new one fails until it does.
 */
export interface ActionSources {
  codes: Set<string>;
  keys: Set<string>;
  values: Set<string>;
  opaque: Set<string>;
}

const SERVER = path.resolve(__dirname, '../../../server');

function serverFiles(folder = SERVER): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** A sink: a function that writes its argument `detail` (or that argument's `detail` property). */
interface Sink {
  detail?: number;
  /** The argument is an entry whose `action` and `detail` properties are read (logAction). */
  entry?: boolean;
  /** The index of the action code's argument, when it is passed apart. */
  action?: number;
}

type Fn = ts.FunctionLikeDeclaration;

function functionName(fn: Fn): string | null {
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return null;
}

function enclosingFunction(node: ts.Node): Fn | null {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isFunctionLike(at) && 'body' in at) return at as Fn;
  }
  return null;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

function propertyName(name: ts.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return null;
}

export function readActionSources(): ActionSources {
  const files = serverFiles()
    .filter((file) => !file.endsWith('actions-log.ts'))
    .map((file) => ({
      file: path.relative(SERVER, file),
      source: ts.createSourceFile(
        file,
        fs.readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
      ),
    }));
  const sinks = new Map<string, Sink>([
    ['recordAction', { action: 1, detail: 2 }],
    // The entry recordAction writes, built apart for a write that logs with its revision.
    ['callerAction', { action: 1, detail: 2 }],
    ['logAction', { detail: 1, entry: true }],
  ]);
  const found: ActionSources = {
    codes: new Set(),
    keys: new Set(),
    values: new Set(),
    opaque: new Set(),
  };

  /** The variable `name` declared in the file with an initialiser, if there is one. */
  const declared = (source: ts.SourceFile, name: string): ts.Expression | null => {
    let initialiser: ts.Expression | null = null;
    walk(source, (node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === name &&
        node.initializer
      )
        initialiser ??= node.initializer;
    });
    return initialiser;
  };

  /** Adds the string literals an expression can be (a code or a value). */
  const literals = (expression: ts.Expression, into: Set<string>): void => {
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      into.add(expression.text);
    else if (ts.isConditionalExpression(expression)) {
      literals(expression.whenTrue, into);
      literals(expression.whenFalse, into);
    } else if (ts.isParenthesizedExpression(expression)) literals(expression.expression, into);
  };

  let grew = true;
  /** Marks `wrapper`'s parameter `index` as the detail or the action code it writes. */
  const passOn = (wrapper: string, role: 'detail' | 'action', index: number) => {
    const sink = sinks.get(wrapper) ?? {};
    if (sink[role] === index) return;
    sinks.set(wrapper, { ...sink, [role]: index });
    grew = true;
  };

  /** Reads an action code's expression: literals, a local constant, or a wrapper's parameter. */
  const readCode = (
    expression: ts.Expression,
    file: { file: string; source: ts.SourceFile },
    within: Fn | null,
  ): void => {
    if (ts.isIdentifier(expression)) {
      const name = expression.text;
      const index =
        within?.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name) ?? -1;
      const wrapper = within && functionName(within);
      if (index >= 0 && wrapper) return passOn(wrapper, 'action', index);
      const initialiser = declared(file.source, name);
      if (initialiser) return readCode(initialiser, file, within);
    }
    if (ts.isTemplateExpression(expression)) {
      found.opaque.add(`${file.file}:${expression.getText()}`);
      return;
    }
    literals(expression, found.codes);
  };
  /** Reads a detail expression; returns the parameter index of `within` it passes on, if any. */
  const readDetail = (
    expression: ts.Expression,
    file: { file: string; source: ts.SourceFile },
    within: Fn | null,
    seen = new Set<string>(),
  ): void => {
    if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression))
      return readDetail(expression.expression, file, within, seen);
    if (ts.isBinaryExpression(expression)) return readDetail(expression.right, file, within, seen);
    if (ts.isConditionalExpression(expression)) {
      readDetail(expression.whenTrue, file, within, seen);
      return readDetail(expression.whenFalse, file, within, seen);
    }
    if (ts.isObjectLiteralExpression(expression)) {
      for (const property of expression.properties) {
        if (ts.isSpreadAssignment(property)) {
          readDetail(property.expression, file, within, seen);
        } else if (ts.isShorthandPropertyAssignment(property)) {
          found.keys.add(property.name.text);
        } else if (ts.isPropertyAssignment(property)) {
          const name = propertyName(property.name);
          if (name) found.keys.add(name);
          literals(property.initializer, found.values);
        }
      }
      return;
    }
    if (ts.isIdentifier(expression)) {
      const name = expression.text;
      const parameter = within?.parameters.findIndex(
        (p) => ts.isIdentifier(p.name) && p.name.text === name,
      );
      if (within && parameter !== undefined && parameter >= 0) {
        const wrapper = functionName(within);
        const p = within.parameters[parameter];
        if (p.initializer) readDetail(p.initializer, file, within, seen);
        if (wrapper) passOn(wrapper, 'detail', parameter);
        return;
      }
      if (seen.has(name)) return;
      seen.add(name);
      const initialiser = declared(file.source, name);
      if (initialiser && ts.isObjectLiteralExpression(initialiser))
        return readDetail(initialiser, file, within, seen);
      found.opaque.add(`${file.file}:${name}`);
      return;
    }
    if (!ts.isIdentifier(expression)) found.opaque.add(`${file.file}:${expression.getText()}`);
  };

  while (grew) {
    grew = false;
    for (const file of files) {
      walk(file.source, (node) => {
        if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
        const sink = sinks.get(node.expression.text);
        if (!sink) return;
        const within = enclosingFunction(node);
        if (sink.action !== undefined && node.arguments[sink.action])
          readCode(node.arguments[sink.action], file, within);
        const argument = sink.detail === undefined ? undefined : node.arguments[sink.detail];
        if (!argument) return;
        if (sink.entry && ts.isObjectLiteralExpression(argument)) {
          for (const property of argument.properties) {
            if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property))
              continue;
            const name = propertyName(property.name);
            const value = ts.isPropertyAssignment(property) ? property.initializer : property.name;
            if (name === 'action') readCode(value, file, within);
            if (name === 'detail') readDetail(value, file, within);
          }
          return;
        }
        readDetail(argument, file, within);
      });
    }
  }
  return found;
}
