/**
 * What the import rules share: every relative import, re-export, `import()` and `import('…')`
 * type of a file, resolved to a path relative to the repository, handed to `onImport`.
 */
import path from 'node:path';

/** The file being linted, relative to `root` with `/` separators. */
export function lintedFile(context, root) {
  const file = context.filename ?? context.getFilename();
  return { file, rel: path.relative(root, file).split(path.sep).join('/') };
}

/** The ESLint visitor that calls `onImport(node, spec, toRel)` for each relative import. */
export function relativeImports(file, root, onImport) {
  const check = (node, source) => {
    if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
    const spec = source.value;
    if (!spec.startsWith('.')) return;
    const toAbs = path.resolve(path.dirname(file), spec);
    onImport(node, spec, path.relative(root, toAbs).split(path.sep).join('/'));
  };
  return {
    ImportDeclaration: (node) => check(node, node.source),
    ExportNamedDeclaration: (node) => check(node, node.source),
    ExportAllDeclaration: (node) => check(node, node.source),
    ImportExpression: (node) => check(node, node.source),
    TSImportType: (node) => check(node, node.source ?? node.argument?.literal),
  };
}
