import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { z } from 'zod';

/**
 * Finds the messages people can read in an error answer, for test/bangla-complete.test.ts: by
 * reading the source (TypeScript's parser: the messages the contracts and the server write) and by
 * running the contracts' schemas on odd values (the messages they really answer).
 */

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const CONTRACTS = path.join(ROOT, 'packages/contracts/src');
export const SERVER = path.join(ROOT, 'apps/server/src');

/** Where a message is written, as `apps/server/src/lib/errors.ts:12`. */
export type Site = { at: string; source: string };
/** A message in the source: a plain text, or a template whose `{}` are filled in when it is answered. */
export type Written = Site & { text: string; holes: boolean; re: RegExp };
export type Scan = { written: Written[]; unresolved: Site[] };

/** The .ts files of a folder and its subfolders, tests left out. */
export function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

const parse = (file: string) =>
  ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

function visit(node: ts.Node, each: (node: ts.Node) => void) {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value as text pieces and holes (`null`: an interpolated `${…}`). */
type Value = Array<string | null>;

/**
 * Reads the texts an expression can have, without running it: literals, templates, `a ? b : c`,
 * `a + b`, `a ?? b`, a function's returns, and the `const`s of the same file. What it cannot read
 * (a property, a call, a parameter) is reported as unresolved, unless it is a name in `passThrough`.
 */
class Reader {
  readonly written: Written[] = [];
  readonly unresolved: Site[] = [];
  private readonly consts = new Map<string, ts.Expression>();

  constructor(
    readonly file: ts.SourceFile,
    private readonly root = ROOT,
  ) {
    visit(file, (node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const list = node.parent;
        if (ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const)
          this.consts.set(node.name.text, node.initializer);
      }
    });
  }

  site(node: ts.Node): Site {
    const line = this.file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    return { at: `${path.relative(this.root, this.file.fileName)}:${line}`, source: node.getText() };
  }

  /** Records the messages `node` can be (and what of it cannot be read). */
  read(node: ts.Expression, passThrough: ReadonlySet<string> = new Set()): void {
    for (const value of this.values(node, passThrough)) {
      const holes = value.includes(null);
      this.written.push({
        ...this.site(node),
        text: value.map((p) => p ?? '{}').join(''),
        holes,
        re: new RegExp(`^${value.map((p) => (p === null ? '(.*)' : escape(p))).join('')}$`, 's'),
      });
    }
  }

  private values(node: ts.Expression, passThrough: ReadonlySet<string>): Value[] {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [[node.text]];
    if (ts.isTemplateExpression(node))
      return [[node.head.text, ...node.templateSpans.flatMap((s) => [null, s.literal.text])]];
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isAwaitExpression(node))
      return this.values(node.expression, passThrough);
    if (ts.isConditionalExpression(node))
      return [...this.values(node.whenTrue, passThrough), ...this.values(node.whenFalse, passThrough)];
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op === ts.SyntaxKind.PlusToken) {
        const rights = this.values(node.right, passThrough);
        return this.values(node.left, passThrough).flatMap((l) => rights.map((r) => [...l, ...r]));
      }
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken)
        return [...this.values(node.left, passThrough), ...this.values(node.right, passThrough)];
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      if (!ts.isBlock(node.body)) return this.values(node.body, passThrough);
      const returns: ts.Expression[] = [];
      const find = (n: ts.Node) => {
        if (ts.isReturnStatement(n) && n.expression) returns.push(n.expression);
        else if (!ts.isFunctionLike(n)) n.forEachChild(find);
      };
      node.body.forEachChild(find);
      return returns.flatMap((r) => this.values(r, passThrough));
    }
    if (ts.isIdentifier(node)) {
      if (passThrough.has(node.text)) return [];
      const init = this.consts.get(node.text);
      if (init) return this.values(init, passThrough);
    }
    this.unresolved.push(this.site(node));
    return [];
  }
}

const nameOf = (node: ts.PropertyName | ts.BindingName) =>
  ts.isIdentifier(node) || ts.isStringLiteral(node) ? node.text : undefined;
/** Plain data: a literal, a template, a choice or sum of texts, a name; not a schema (a call). */
const isTextish = (node: ts.Expression): boolean =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateExpression(node) ||
  ts.isConditionalExpression(node) ||
  ts.isBinaryExpression(node) ||
  ts.isIdentifier(node) ||
  ts.isArrowFunction(node) ||
  (ts.isParenthesizedExpression(node) && isTextish(node.expression));

// ---- the contracts ------------------------------------------------------------------------

/** zod's checks and where their message goes: `.min(1, 'message')`, `.int('message')`. */
const ZOD_CHECK_MESSAGE: Record<string, number> = {
  min: 1,
  max: 1,
  gt: 1,
  gte: 1,
  lt: 1,
  lte: 1,
  length: 1,
  regex: 1,
  refine: 1,
  multipleOf: 1,
  startsWith: 1,
  endsWith: 1,
  int: 0,
  nonempty: 0,
  positive: 0,
  nonnegative: 0,
};

/**
 * The messages the contracts write: the `error:` and `message:` of a schema or an issue, and the
 * message of a zod check (`.min(1, '…')`, `.refine(f, '…')`).
 */
export function contractMessages(files = sourceFiles(CONTRACTS)): Scan {
  const scan: Scan = { written: [], unresolved: [] };
  for (const file of files) {
    const reader = new Reader(parse(file));
    visit(reader.file, (node) => {
      if (ts.isPropertyAssignment(node) && ['error', 'message'].includes(nameOf(node.name) ?? '')) {
        if (isTextish(node.initializer)) reader.read(node.initializer);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const at = ZOD_CHECK_MESSAGE[node.expression.name.text];
        const receiver = node.expression.expression;
        const arg = at === undefined ? undefined : node.arguments[at];
        if (arg && !(ts.isIdentifier(receiver) && receiver.text === 'Math') && isTextish(arg))
          reader.read(arg);
      }
    });
    scan.written.push(...reader.written);
    scan.unresolved.push(...reader.unresolved);
  }
  return scan;
}

/** The field labels the contracts' number and date factories (contracts/numbers.ts) are given. */
export function factoryLabels(files: string[]): Array<Site & { label: string }> {
  const factories = new Map<string, number>();
  const labels: Array<Site & { label: string }> = [];
  const numbers = new Reader(parse(path.join(CONTRACTS, 'numbers.ts')));
  visit(numbers.file, (node) => {
    const fn = ts.isFunctionDeclaration(node)
      ? node
      : ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer)
        ? node.initializer
        : undefined;
    const name = ts.isFunctionDeclaration(node)
      ? node.name?.text
      : ts.isVariableDeclaration(node)
        ? nameOf(node.name)
        : undefined;
    if (!fn || !name) return;
    fn.parameters.forEach((p, i) => {
      if (nameOf(p.name) !== 'field') return;
      factories.set(name, i);
      if (p.initializer && ts.isStringLiteral(p.initializer))
        labels.push({ ...numbers.site(p.initializer), label: p.initializer.text });
    });
  });
  for (const file of files) {
    const reader = new Reader(parse(file));
    visit(reader.file, (node) => {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
      const at = factories.get(node.expression.text);
      const arg = at === undefined ? undefined : node.arguments[at];
      if (arg && ts.isStringLiteral(arg)) labels.push({ ...reader.site(arg), label: arg.text });
    });
  }
  return labels;
}

// ---- the contracts' schemas, run --------------------------------------------------------

/** Odd values a form or a client might send: missing, wrong types, too long, too big, too small. */
// prettier-ignore
const PROBES: unknown[] = [
  undefined, null, true, false, 0, 1, -1, 0.5, 0.001, 1.5, 1e12, -1e12, 100_000_001, 100_001, -100_001,
  2_147_483_648, 1_000_001, 201, 1001, '', ' ', 'x', '12', '1.234', '0x10', 'x'.repeat(300),
  'x'.repeat(1100), 'x'.repeat(20_001), 'balance', '2026-13-45', '01700000000', 'ab c', [], [1], [{}],
  Array(300).fill({}), {},
];

type Schema = z.core.$ZodType;
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Every message the schemas the contracts export answer to the probes, their parts' too (an
 * object's fields, an array's items, a union's options …). A transform is not run (it may assume
 * what came before it checked).
 */
export async function probedMessages(files = sourceFiles(CONTRACTS)): Promise<Set<string>> {
  const messages = new Set<string>();
  const seen = new Set<Schema>();
  const walk = (schema: unknown) => {
    if (!isSchema(schema) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    if (def.type !== 'transform') {
      for (const probe of PROBES) {
        let result: ReturnType<z.ZodType['safeParse']> | undefined;
        try {
          result = (schema as z.ZodType).safeParse(probe);
        } catch {
          continue; // a refinement that assumes a shape the probe has not got
        }
        for (const issue of result.success ? [] : result.error.issues) messages.add(issue.message);
      }
    }
    const parts: unknown[] = [];
    if (typeof def.shape === 'object' && def.shape) parts.push(...Object.values(def.shape));
    for (const key of ['element', 'innerType', 'in', 'out', 'left', 'right', 'keyType', 'valueType'])
      parts.push(def[key]);
    for (const key of ['options', 'items']) if (Array.isArray(def[key])) parts.push(...def[key]);
    if (typeof def.getter === 'function') parts.push((def.getter as () => unknown)());
    parts.forEach(walk);
  };
  for (const file of files) {
    const exported = (await import(file)) as Record<string, unknown>;
    Object.values(exported).forEach(walk);
  }
  return messages;
}

// ---- the server ---------------------------------------------------------------------------

type ErrorClass = { message?: number; errors?: number; parent: string };

/** The classes that extend AppError (lib/errors.ts), in any file, with where their message and field errors go. */
function errorClasses(files: ts.SourceFile[]): Map<string, ErrorClass & { node?: ts.ClassDeclaration }> {
  const classes = new Map<string, ErrorClass & { node?: ts.ClassDeclaration }>([
    ['AppError', { message: 2, errors: 3, parent: 'Error' }],
  ]);
  const declared = files.flatMap((f) => {
    const found: ts.ClassDeclaration[] = [];
    visit(f, (n) => ts.isClassDeclaration(n) && n.name && found.push(n));
    return found;
  });
  const parentOf = (c: ts.ClassDeclaration) =>
    c.heritageClauses?.flatMap((h) => h.types).map((t) => t.expression.getText())[0];
  for (let grew = true; grew;) {
    grew = false;
    for (const c of declared) {
      const name = c.name?.text ?? '';
      const parent = parentOf(c);
      const known = parent === undefined ? undefined : classes.get(parent);
      if (classes.has(name) || !known || parent === undefined) continue;
      const ctor = c.members.find(ts.isConstructorDeclaration);
      const index = (param: string) => {
        const i = ctor?.parameters.findIndex((p) => nameOf(p.name) === param) ?? -1;
        return i < 0 ? undefined : i;
      };
      classes.set(name, {
        ...(ctor ? { message: index('message'), errors: index('errors') } : known),
        parent,
        node: c,
      });
      grew = true;
    }
  }
  return classes;
}

/**
 * The messages the server writes into its error answers:
 * - what a `new` error (any class extending AppError) is given as its message and field errors
 *   (a field-errors object built step by step in the same function is read where it is built);
 * - in those classes, a message by default and what they hand to `super`;
 * - the `message:` of an object in the shape of an error answer: any object outside the route
 *   files (an answer's table, a limit), and in a route file one that also has a `code`. An object
 *   with a `to` is an SMS, and config.ts speaks to the operator at start: neither is an answer.
 */
export function serverMessages(files = sourceFiles(SERVER)): Scan {
  const scan: Scan = { written: [], unresolved: [] };
  const parsed = files.filter((f) => !f.endsWith(`${path.sep}config.ts`)).map(parse);
  const classes = errorClasses(parsed);
  for (const file of parsed) {
    const reader = new Reader(file);
    const routes = file.fileName.endsWith('.routes.ts');
    const readErrors = (arg: ts.Expression, passThrough: ReadonlySet<string>, where: ts.Node) => {
      if (ts.isObjectLiteralExpression(arg)) {
        for (const p of arg.properties) {
          if (!ts.isPropertyAssignment(p)) continue;
          const list = p.initializer;
          if (ts.isArrayLiteralExpression(list)) {
            for (const e of list.elements) if (!ts.isSpreadElement(e)) reader.read(e, passThrough);
          } else reader.read(list, passThrough);
        }
      } else if (ts.isIdentifier(arg)) {
        if (arg.text !== 'undefined' && !passThrough.has(arg.text)) readBuiltErrors(reader, arg.text, where);
      } else reader.read(arg, passThrough);
    };
    visit(file, (node) => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        const cls = classes.get(node.expression.text);
        if (!cls || node.expression.text === 'Error') return;
        const args = node.arguments ?? [];
        const message = cls.message === undefined ? undefined : args[cls.message];
        if (message) reader.read(message);
        const errors = cls.errors === undefined ? undefined : args[cls.errors];
        if (errors) readErrors(errors, new Set(), node);
      }
      if (ts.isClassDeclaration(node) && node.name && node.name.text !== 'AppError') {
        const cls = classes.get(node.name.text);
        const parent = cls && classes.get(cls.parent);
        const ctor = node.members.find(ts.isConstructorDeclaration);
        if (!cls || !parent || !ctor) return;
        const params = new Set(ctor.parameters.map((p) => nameOf(p.name) ?? ''));
        for (const p of ctor.parameters)
          if (nameOf(p.name) === 'message' && p.initializer) reader.read(p.initializer);
        visit(ctor, (n) => {
          if (!ts.isCallExpression(n) || n.expression.kind !== ts.SyntaxKind.SuperKeyword) return;
          const message = parent.message === undefined ? undefined : n.arguments[parent.message];
          if (message) reader.read(message, params);
          const errors = parent.errors === undefined ? undefined : n.arguments[parent.errors];
          if (errors) readErrors(errors, params, n);
        });
      }
      if (ts.isObjectLiteralExpression(node)) {
        const names = node.properties.map((p) => (p.name ? nameOf(p.name) : undefined));
        const message = node.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && nameOf(p.name) === 'message',
        );
        if (!message || names.includes('to') || (routes && !names.includes('code'))) return;
        if (isTextish(message.initializer)) reader.read(message.initializer);
      }
    });
    scan.written.push(...reader.written);
    scan.unresolved.push(...reader.unresolved);
  }
  return scan;
}

/** A field-errors object built in steps (`errors[field] = [...]`, `(errors[f] ??= []).push(...)`). */
function readBuiltErrors(reader: Reader, name: string, where: ts.Node) {
  let found = false;
  let scope: ts.Node = where;
  while (!ts.isFunctionLike(scope) && scope.parent) scope = scope.parent;
  const mentions = (n: ts.Node) => n.getText().startsWith(`${name}[`) || n.getText().startsWith(`(${name}[`);
  visit(scope, (n) => {
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isElementAccessExpression(n.left) &&
      mentions(n.left)
    ) {
      found = true;
      const list = n.right;
      if (ts.isArrayLiteralExpression(list)) {
        for (const e of list.elements) if (!ts.isSpreadElement(e)) reader.read(e);
      } else reader.read(list);
    }
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === 'push' &&
      mentions(n.expression.expression)
    ) {
      found = true;
      n.arguments.forEach((a) => reader.read(a));
    }
  });
  if (!found) reader.unresolved.push(reader.site(where));
}
