import fs from 'node:fs';
import path from 'node:path';

// The direction between features (docs/architecture.md#the-direction-between-features), as one ESLint rule that
// resolves every import to the file it names, so a nested path (../../orders/place-order) is judged like a short one.
//
// Server: each folder of src/server is a feature unless it is infrastructure. Features are ranked by FEATURE_ORDER,
// lowest first; a feature imports only lower ones, and only through their index.ts. A folder missing from the order
// is still a feature (read from the disk, so a new one is never exempt): it ranks above all listed ones, and no two
// unlisted features may import each other until it is placed in the order.
// Web: app -> features -> components -> lib; features are apart except through their index.ts (a dynamic import()
// of a screen by its path is allowed, so screens load on demand); nothing in src/web imports src/server.

const FEATURE_ORDER = [
  'settings',
  'departments',
  'sessions',
  'users',
  'auth',
  'catalog',
  'allowances',
  'pricing',
  'cart',
  'kits',
  'accounts',
  'approval-links',
  'orders',
  'production',
  'order-ops',
  'due-dates',
  'order-edits',
  'phone-orders',
  'quotes',
  'approvals',
  'payments',
  'department-reports',
  'contact',
  'health',
  'customers',
  'reports',
  'search',
  'artwork',
  'today',
];
const INFRASTRUCTURE = new Set([
  'db',
  'http',
  'mail',
  'dev',
  'security',
  'test',
  'backup',
  'metrics',
  'audit',
  'retention',
]);
const WEB_ZONES = ['lib', 'components', 'features', 'app'];

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const serverDir = path.join(root, 'src/server');
const webDir = path.join(root, 'src/web');

let serverFolders;
function isServerFeature(name) {
  serverFolders ??= new Set(
    fs
      .readdirSync(serverDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name),
  );
  return serverFolders.has(name) && !INFRASTRUCTURE.has(name);
}
const rank = (feature) => {
  const i = FEATURE_ORDER.indexOf(feature);
  return i === -1 ? Infinity : i;
};

/** The absolute path an import names, or null for a package. */
function resolveSpecifier(spec, fromFile) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  if (spec.startsWith('@web/')) return path.join(webDir, spec.slice(5));
  if (spec.startsWith('@shared/')) return path.join(root, 'src/shared', spec.slice(8));
  return null;
}

/** [top folder, rest without extension] of a path inside dir, or null when outside it. */
function within(dir, file) {
  const rel = path.relative(dir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, ...rest] = rel.split(path.sep);
  return [top, rest.join('/').replace(/\.(tsx?|jsx?)$/, '')];
}
const isIndex = (rest) => rest === '' || rest === 'index';

function serverProblem(file, target) {
  const from = within(serverDir, file);
  const to = within(serverDir, target);
  if (!from || !to || from[1] === '' || !isServerFeature(from[0])) return null; // root files compose the app
  const [feature] = from;
  const [other, rest] = to;
  if (other === feature || !isServerFeature(other)) return null;
  if (rank(other) >= rank(feature)) {
    const place =
      rank(feature) === Infinity ? ` Place '${feature}' in FEATURE_ORDER (eslint/feature-direction.js).` : '';
    return (
      `'${feature}' may not import '${other}': a feature imports only features below it in FEATURE_ORDER.${place}` +
      ' To set off a higher feature, give the lower one a port or listener and wire it in src/server/wiring.ts.'
    );
  }
  if (!isIndex(rest)) return `Import '${other}' through its index.ts ('../${other}'), not '${other}/${rest}'.`;
  return null;
}

function webProblem(file, target, dynamic) {
  if (within(serverDir, target)) return 'src/web never imports src/server: it reaches the API over HTTP.';
  const from = within(webDir, file);
  const to = within(webDir, target);
  if (!from || !to) return null;
  const zoneOf = ([top]) => (/^main\.tsx?$/.test(top) ? WEB_ZONES.length : WEB_ZONES.indexOf(top));
  const fromZone = zoneOf(from);
  const toZone = zoneOf(to);
  if (fromZone !== -1 && toZone !== -1 && toZone > fromZone)
    return `'${from[0]}' may not import '${to[0]}': src/web imports downwards only, app -> features -> components -> lib.`;
  if (to[0] !== 'features' || dynamic) return null;
  const [targetFeature, ...inside] = to[1].split('/');
  const sameFeature = from[0] === 'features' && from[1].split('/')[0] === targetFeature;
  if (!sameFeature && !isIndex(inside.join('/')))
    return `Import the '${targetFeature}' feature through its index: '@web/features/${targetFeature}'.`;
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports follow the direction between features' } },
  create(context) {
    const file = context.filename;
    if (/\.test\.tsx?$/.test(file)) return {};
    const check = (node, source, dynamic = false) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, file);
      if (!target) return;
      const message = within(serverDir, file) ? serverProblem(file, target) : webProblem(file, target, dynamic);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source, true),
    };
  },
};

export default { rules: { 'feature-direction': rule } };
