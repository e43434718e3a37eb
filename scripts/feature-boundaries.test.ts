import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * eslint.config.js's rule that features never import each other (bulletproof-react), checked on code written for the
 * purpose: every folder of src/features is covered, static imports and import() alike; the app layer composes them.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

async function messages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

// The first lint loads the config and its plugins: seconds on a busy machine.
describe('features never import each other', { timeout: 60_000 }, () => {
  it.each(features)('%s imports no other feature', async (feature) => {
    const other = features.find((name) => name !== feature)!;
    const found = await messages(`src/features/${feature}/components/probe.ts`, `import { x } from '@/features/${other}/api/keys';\nexport const y = x;\n`);
    expect(found).toEqual([expect.stringMatching(/^'@\/features\/.*Features do not import each other/)]);
  });

  it('with import() neither', async () => {
    const found = await messages('src/features/contacts/components/probe.ts', "export const load = () => import('@/features/automation/components/contact-timeline-dialog');\n");
    expect(found).toEqual([expect.stringMatching(/^Features do not import each other/)]);
  });

  it('a feature imports its own files, and the app layer imports any feature', async () => {
    expect(await messages('src/features/social/components/probe.ts', "import { socialKeys } from '@/features/social/api/keys';\nexport const y = socialKeys;\n")).toEqual([]);
    expect(await messages('src/app/routes/probe.ts', "import { socialKeys } from '@/features/social/api/keys';\nexport const y = socialKeys;\n")).toEqual([]);
  });
});
