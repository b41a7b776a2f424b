import js from '@eslint/js'
import globals from 'globals'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/**
 * Import boundaries (STYLE.md, bulletproof-react): imports flow app -> features -> shared.
 *
 * - shared (src/api: the server's generated types, src/components, src/hooks, src/lib,
 *   src/testing) imports only shared code;
 * - a feature imports shared code, its own files, and another feature only through that
 *   feature's index.ts;
 * - app/ composes: it may import any module of a feature (its route tables lazy-load page
 *   modules one by one so every screen stays its own chunk) and shared code;
 * - nothing imports app/ except src/main.tsx.
 * Imports inside one element (a feature's own files, app's own files) are not checked.
 */
const boundaryRules = {
  plugins: { boundaries },
  settings: {
    'boundaries/include': ['src/**/*'],
    'boundaries/elements': [
      // whole paths from web/, each naming an element's folder
      { type: 'app', pattern: 'src/app', partialMatch: false },
      { type: 'feature', pattern: 'src/features/*', partialMatch: false, capture: ['feature'] },
      { type: 'shared', pattern: 'src/{api,components,hooks,lib,testing}', partialMatch: false },
      // last, so it only takes what is left in src/; of those files only main.tsx may import (policies)
      { type: 'main', pattern: 'src', partialMatch: false },
    ],
    // lazy route imports and re-exports are dependencies too, not only `import ... from`
    'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          "'{{ dependency.source }}' crosses a boundary: imports flow app -> features -> shared, and into another feature only through its index.ts (from {{ from.element.type }} {{ from.element.path }}, see eslint.config.js)",
        policies: [
          { from: { element: { type: 'main', fileInternalPath: 'main.tsx' } }, allow: { to: { element: { type: ['app', 'shared'] } } } },
          { from: { element: { type: 'app' } }, allow: { to: { element: { type: ['app', 'feature', 'shared'] } } } },
          { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'shared' } } } },
          { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } } },
          { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
        ],
      },
    ],
  },
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { files: ['src/**/*.{ts,tsx}'], ...boundaryRules },
)
