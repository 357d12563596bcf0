import { settingPath } from './policy-issues';

/** One setting that differs between two versions of a policy; `undefined` where it is not set. */
export interface SettingChange {
  path: string;
  /** The top-level setting the path is in, for its label. */
  setting: string;
  before: unknown;
  after: unknown;
  kind: 'added' | 'removed' | 'changed';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every leaf value of a document by its path (lists by index); an empty object or list is a leaf. */
function leaves(
  value: unknown,
  path: PropertyKey[] = [],
  out = new Map<string, [PropertyKey[], unknown]>(),
) {
  const children: [PropertyKey, unknown][] = isObject(value)
    ? Object.entries(value)
    : Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : [];
  if (children.length === 0 || path.length > 20) {
    // An empty document has no settings; an empty object or list inside it is a value.
    if (path.length > 0) out.set(settingPath(path), [path, value]);
    return out;
  }
  for (const [key, child] of children) leaves(child, [...path, key], out);
  return out;
}

/**
 * What changed from one version of a policy document to another, setting by setting (a list
 * compared item by item), in the order of the newer document, then what it dropped.
 * @example policyDiff({cameraDisabled: false}, {cameraDisabled: true}) // [{path: 'cameraDisabled', …}]
 */
export function policyDiff(before: unknown, after: unknown): SettingChange[] {
  const old = before === undefined ? new Map() : leaves(before);
  const now = after === undefined ? new Map() : leaves(after);
  const changes: SettingChange[] = [];
  const entry = (path: PropertyKey[], kind: SettingChange['kind'], b: unknown, a: unknown) =>
    changes.push({
      path: settingPath(path),
      setting: String(path[0] ?? ''),
      before: b,
      after: a,
      kind,
    });
  for (const [key, [path, value]] of now) {
    if (!old.has(key)) entry(path, 'added', undefined, value);
    else if (JSON.stringify(old.get(key)![1]) !== JSON.stringify(value))
      entry(path, 'changed', old.get(key)![1], value);
  }
  for (const [key, [path, value]] of old) {
    if (!now.has(key)) entry(path, 'removed', value, undefined);
  }
  return changes;
}
