// One local ESLint rule that keeps the dependency direction of GUIDE.md:
//   contract <- server, contract <- web; web never imports server (nor server web);
//   inside web: components/ui and lib <- features <- app; a feature never imports another.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function locate(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (relative.startsWith('packages/contract/')) return { area: 'contract' };
  if (relative.startsWith('apps/server/')) return { area: 'server' };
  if (relative.startsWith('e2e/')) return { area: 'e2e' };
  if (relative.startsWith('apps/web/')) {
    const match = /^apps\/web\/src\/([^/]+)(?:\/([^/]+))?/.exec(relative);
    const layer = match?.[1];
    if (layer === 'features') return { area: 'web', layer: 'features', feature: match[2] };
    if (layer === 'components' || layer === 'lib' || layer === 'config') return { area: 'web', layer: 'shared' };
    if (layer === 'app') return { area: 'web', layer: 'app' };
    return { area: 'web', layer: 'root' };
  }
  return { area: 'other' };
}

function resolveImport(fromFile, source) {
  if (source.startsWith('.')) return locate(path.resolve(path.dirname(fromFile), source));
  if (source.startsWith('@/')) return locate(path.join(root, 'apps/web/src', source.slice(2)));
  if (source === '@tasklane/server' || source.startsWith('@tasklane/server/')) return { area: 'server' };
  if (source === '@tasklane/web' || source.startsWith('@tasklane/web/')) return { area: 'web', layer: 'root' };
  if (source === '@tasklane/contract' || source.startsWith('@tasklane/contract/')) return { area: 'contract' };
  if (/(^|\/)apps\/server(\/|$)/.test(source)) return { area: 'server' };
  return undefined;
}

function violation(from, to) {
  if (!to) return undefined;
  if (from.area === 'contract' && to.area !== 'contract') return 'the contract depends on nothing of the apps';
  if (from.area === 'web' && to.area === 'server') return 'the web app never imports the server';
  if (from.area === 'server' && to.area === 'web') return 'the server never imports the web app';
  if (from.area === 'e2e' && (to.area === 'server' || to.area === 'web')) return 'e2e tests drive the app from outside';
  if (from.area !== 'web' || to.area !== 'web') return undefined;
  if (from.layer === 'shared' && (to.layer === 'features' || to.layer === 'app'))
    return 'components/ui, lib and config never import features or the app layer';
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
