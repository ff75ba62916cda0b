// The web app's import boundaries (CONVENTIONS.md "Layout and naming", docs/decisions/010):
//   - features do not import each other: what two features share moves to ui/ or lib/;
//   - nothing imports from app/ (only the entry points mount it: main.tsx in the browser,
//     prerender.tsx at build time, test/render.tsx in the component tests);
//   - ui/ and lib/ do not import features;
//   - ui/ does not call the API: no api client, no server state, no `*-api` / `*-query` module.
// ESLint's core no-restricted-imports matches the import's text, not the file it names, so a
// relative `../map/step-map` cannot be told apart from another feature's `../map`. This rule
// resolves each relative import against the importing file and judges the two folders.
import path from 'node:path';

const SRC = path.join(import.meta.dirname, 'src');

/** The top folder of a file under apps/web/src, and for features/ the feature's name. */
function zoneOf(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, feature] = relative.split(path.sep);
  return top === 'features' ? { top, feature } : { top };
}

/** ui/ stays presentational: these are the ways a module reaches the server. */
function callsTheApi(target) {
  const base = path.basename(target).replace(/\.(tsx?|jsx?)$/, '');
  return (
    path.relative(SRC, target) === path.join('lib', 'api-client') ||
    base.endsWith('-api') ||
    base.endsWith('-query')
  );
}

/** The modules that mount app/: the browser's entry, the build's prerender and the component tests' renderApp. */
const ENTRY_POINTS = new Set(['main.tsx', 'prerender.tsx', path.join('test', 'render.tsx')]);

const MESSAGES = {
  crossFeature:
    'features/{{from}} imports features/{{to}}: features do not import each other; move what both use to ui/ or lib/.',
  fromApp: 'Nothing imports from app/: move what you need to ui/ or lib/.',
  sharedToFeature: '{{from}}/ does not import features: it is shared by them.',
  uiCallsApi:
    'ui/ does not call the API: fetch in the feature (or lib/ when shared) and pass data and callbacks in.',
};

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Keeps apps/web/src's features, app/, ui/ and lib/ apart" },
    schema: [],
    messages: MESSAGES,
  },
  create(context) {
    const file = context.filename;
    const from = zoneOf(file);
    if (!from) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      if (!specifier.startsWith('.')) {
        if (from.top === 'ui' && specifier === '@tanstack/react-query') {
          context.report({ node, messageId: 'uiCallsApi' });
        }
        return;
      }
      const target = path.resolve(path.dirname(file), specifier);
      const to = zoneOf(target);
      if (!to) return;
      if (to.top === 'app' && from.top !== 'app' && !ENTRY_POINTS.has(path.relative(SRC, file))) {
        context.report({ node, messageId: 'fromApp' });
      } else if (to.top === 'features' && (from.top === 'ui' || from.top === 'lib')) {
        context.report({ node, messageId: 'sharedToFeature', data: { from: from.top } });
      } else if (to.top === 'features' && from.top === 'features' && to.feature !== from.feature) {
        context.report({
          node,
          messageId: 'crossFeature',
          data: { from: from.feature, to: to.feature },
        });
      } else if (from.top === 'ui' && node.importKind !== 'type' && callsTheApi(target)) {
        context.report({ node, messageId: 'uiCallsApi' });
      }
    }

    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries } };
