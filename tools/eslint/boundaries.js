// One local ESLint rule that keeps the dependency direction of GUIDE.md:
//   contract <- server, contract <- web; web never imports server (nor server web);
//   the contract imports only zod and itself (its tests may use test tools too), so that the
//   browser and the server can both load it as it is;
//   inside web: components/ui <- components/domain, lib and config <- features <- app;
//   a feature never imports another; components/ui knows nothing of the domain;
//   inside server: a *.routes.ts never imports a *.repo.ts (routes call services).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

function locate(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (relative.startsWith('packages/contract/')) return { area: 'contract', test: isTestFile(relative) };
  if (relative.startsWith('apps/server/')) return { area: 'server', routes: /\.routes\.[cm]?[jt]s$/.test(relative) };
  if (relative.startsWith('e2e/')) return { area: 'e2e' };
  if (relative.startsWith('apps/web/')) {
    const match = /^apps\/web\/src\/([^/]+)(?:\/([^/]+))?/.exec(relative);
    const layer = match?.[1];
    if (layer === 'features') return { area: 'web', layer: 'features', feature: match[2] };
    if (layer === 'components') return { area: 'web', layer: match[2] === 'ui' ? 'ui' : 'domain' };
    if (layer === 'lib' || layer === 'config') return { area: 'web', layer: 'shared' };
    if (layer === 'app') return { area: 'web', layer: 'app' };
    return { area: 'web', layer: 'root' };
  }
  return { area: 'other' };
}

/** The package a bare specifier names: 'zod/v4' -> 'zod', '@scope/name/sub' -> '@scope/name'. */
function packageName(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function resolveImport(fromFile, source) {
  if (source.startsWith('.')) {
    const target = path.resolve(path.dirname(fromFile), source);
    return { ...locate(target), repo: /\.repo(\.[cm]?[jt]s)?$/.test(target) };
  }
  if (source.startsWith('@/')) return locate(path.join(root, 'apps/web/src', source.slice(2)));
  if (source === '@tasklane/server' || source.startsWith('@tasklane/server/')) return { area: 'server' };
  if (source === '@tasklane/web' || source.startsWith('@tasklane/web/')) return { area: 'web', layer: 'root' };
  if (source === '@tasklane/contract' || source.startsWith('@tasklane/contract/')) return { area: 'contract' };
  if (/(^|\/)apps\/server(\/|$)/.test(source)) return { area: 'server' };
  if (path.isAbsolute(source)) return locate(source);
  return { area: 'package', name: packageName(source) };
}

function contractViolation(from, to) {
  if (to.area === 'contract') return undefined;
  if (to.area === 'package') {
    if (to.name === 'zod' || from.test) return undefined;
    return `the contract imports only zod and itself, not "${to.name}" (the browser and the server both load it)`;
  }
  return 'the contract depends on nothing outside packages/contract';
}

function violation(from, to) {
  if (from.area === 'contract') return contractViolation(from, to);
  if (to.area === 'package') return undefined;
  if (from.area === 'web' && to.area === 'server') return 'the web app never imports the server';
  if (from.area === 'server' && to.area === 'web') return 'the server never imports the web app';
  if (from.area === 'server' && from.routes && to.area === 'server' && to.repo)
    return 'a routes file never imports a repository: routes call services, services call repositories';
  if (from.area === 'e2e' && (to.area === 'server' || to.area === 'web')) return 'e2e tests drive the app from outside';
  if (from.area !== 'web' || to.area !== 'web') return undefined;
  if (from.layer === 'ui' && (to.layer === 'domain' || to.layer === 'features' || to.layer === 'app' || to.layer === 'root'))
    return 'components/ui imports nothing from components/domain, features or the app layer';
  if (['ui', 'domain', 'shared'].includes(from.layer) && (to.layer === 'features' || to.layer === 'app'))
    return 'components, lib and config never import features or the app layer';
  if (from.layer === 'features' && to.layer === 'app') return 'a feature never imports the app layer';
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature)
    return `feature "${from.feature}" imports feature "${to.feature}": compose them in app/ instead`;
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the dependency direction between packages, layers and features' },
    schema: [],
    messages: { forbidden: 'Import of "{{source}}" is not allowed: {{reason}}.' },
  },
  create(context) {
    const from = locate(context.filename);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const reason = violation(from, resolveImport(context.filename, source));
      if (reason) context.report({ node, messageId: 'forbidden', data: { source, reason } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'dependency-direction': rule } };
