import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Toasts go through @/lib/toast, which loads sonner with the first one (issue 33; decision 0017). */
const sonnerThroughFacade = { name: 'sonner', message: 'Use toast from @/lib/toast: sonner loads with the first toast, not with every page.' };

/** Every folder of src/features, read from the disk: a new feature is covered by the rule below without a list to update. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/**
 * Imports of another feature not yet taken apart, each with why it stays (the rule allows exactly these; when one moves,
 * take it off and the rule holds it).
 */
const pendingCrossings = {
  // The signed-in header's notices bell: the header is the signed-in frame, reworked for page speed in parallel
  // (session 9); the bell should come to it from the routes or from shared code.
  'src/features/dashboard/components/dashboard-header.tsx': ['notices'],
};

/** The Supabase client is created in one place only. */
const oneSupabaseClient = { selector: "CallExpression[callee.name='createClient']", message: 'Use the clients of src/lib/supabase.ts.' };

const crossFeatureMessage = 'Features do not import each other: compose them in src/app, or move what both need to src/components, src/lib or src/config.';

/** A feature's boundary: no other feature (but `allowed`), statically or with import(), and not the app layer. */
function featureBoundary(feature, allowed = []) {
  const others = features.filter((other) => other !== feature && !allowed.includes(other));
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: [sonnerThroughFacade],
        patterns: [
          { group: others.map((other) => `@/features/${other}/**`), message: crossFeatureMessage },
          { group: ['@/app/**'], message: 'Features do not import the app layer.' },
        ],
      },
    ],
    // esquery's regular expressions take no '/': '.' stands for it.
    'no-restricted-syntax': [
      'error',
      oneSupabaseClient,
      { selector: `ImportExpression[source.value=/^@.features.(${others.join('|')})./]`, message: crossFeatureMessage },
      { selector: 'ImportExpression[source.value=/^@.app./]', message: 'Features do not import the app layer.' },
    ],
  };
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'lighthouse-report', 'server/worker-build', 'src/types/database.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: [sonnerThroughFacade], patterns: [{ group: ['../*/**', '../../*'], message: 'Import through the @/ alias.' }] },
      ],
    },
  },
  // Shared layers never reach into features.
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.ts', 'src/config/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [sonnerThroughFacade], patterns: [{ group: ['@/features/**', '@/app/**'], message: 'Shared code does not depend on features or the app.' }] }],
    },
  },
  // The two files that reach sonner itself: the facade and the Toaster it mounts.
  {
    files: ['src/lib/toast.ts', 'src/components/ui/sonner.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/**', '@/app/**'], message: 'Shared code does not depend on features or the app.' }] }],
    },
  },
  // The Supabase client is created in one place only.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/supabase.ts'],
    rules: { 'no-restricted-syntax': ['error', oneSupabaseClient] },
  },
  // Features never import each other (bulletproof-react): shared code lives in components, lib, config; src/app
  // composes features. Every folder of src/features, and import() too.
  ...features.map((feature) => ({ files: [`src/features/${feature}/**/*.{ts,tsx}`], rules: featureBoundary(feature) })),
  ...Object.entries(pendingCrossings).map(([file, allowed]) => ({ files: [file], rules: featureBoundary(file.split('/')[2], allowed) })),
);
