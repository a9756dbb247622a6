/**
 * Paths into a JSON value as the form and ajv both speak them: RFC 6901 JSON
 * Pointers ("" is the root, "/a/0/b"). Updates are immutable so a form edit
 * produces a new value that React can compare cheaply.
 */

export type PathSegment = string | number;

export function escapeSegment(seg: PathSegment): string {
  return String(seg).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function toPointer(path: readonly PathSegment[]): string {
  return path.map((s) => '/' + escapeSegment(s)).join('');
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function getAt(value: unknown, path: readonly PathSegment[]): unknown {
  let cur: unknown = value;
  for (const seg of path) {
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isPlainObject(cur))
      cur = Object.prototype.hasOwnProperty.call(cur, String(seg)) ? cur[String(seg)] : undefined;
    else return undefined;
  }
  return cur;
}

/**
 * A copy of `value` with `path` set to `next`; `undefined` removes an object key
 * (an empty form field means "not given", so the skill's default applies).
 * Missing containers are created: an object for a string segment, an array for a number.
 */
export function setAt(value: unknown, path: readonly PathSegment[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (typeof head === 'number' || (Array.isArray(value) && /^\d+$/.test(String(head)))) {
    const arr = Array.isArray(value) ? value.slice() : [];
    const i = Number(head);
    const child = setAt(arr[i], rest, next);
    if (child === undefined && rest.length === 0) arr[i] = null;
    else arr[i] = child;
    for (let k = 0; k < arr.length; k++) if (arr[k] === undefined) arr[k] = null;
    return arr;
  }
  const obj: Record<string, unknown> = isPlainObject(value) ? { ...value } : {};
  const child = setAt(obj[head], rest, next);
  if (child === undefined) delete obj[head];
  else obj[head] = child;
  return obj;
}

/** Removes an array item or an object key at `path`. */
export function removeAt(value: unknown, path: readonly PathSegment[]): unknown {
  if (path.length === 0) return undefined;
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  const parent = getAt(value, parentPath);
  if (Array.isArray(parent)) {
    const copy = parent.slice();
    copy.splice(Number(last), 1);
    return setAt(value, parentPath, copy);
  }
  if (isPlainObject(parent)) {
    const copy = { ...parent };
    delete copy[String(last)];
    return setAt(value, parentPath, copy);
  }
  return value;
}
