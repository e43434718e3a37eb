import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Toasts go through @/lib/toast, which loads sonner with the first one (issue 33; decision 0017). */
const sonnerThroughFacade = { name: 'sonner', message: 'Use toast from @/lib/toast: sonner loads with the first toast, not with every page.' };

const features = ['marketing-site', 'auth', 'dashboard', 'content', 'campaigns', 'admin', 'team', 'blog', 'account-security', 'assets'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'lighthouse-report', 'src/types/database.ts'] },
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
  // Features never import each other (bulletproof-react): shared code lives in components, lib, config.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [sonnerThroughFacade],
          patterns: [
            {
              group: features.filter((other) => other !== feature).map((other) => `@/features/${other}/**`),
              message: 'Features do not import each other: compose them in src/app.',
            },
            { group: ['@/app/**'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  })),
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
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='createClient']", message: 'Use the clients of src/lib/supabase.ts.' },
      ],
    },
  },
);
