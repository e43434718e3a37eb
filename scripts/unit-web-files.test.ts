import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/src/project-paths';
import { mocksModules, splitWebTestFiles, webTestFiles } from './unit-web-files';

describe('mocksModules', () => {
  it.each([
    ["vi.mock('@/lib/supabase', () => ({ supabase: {} }));", true],
    ["vi.doMock('./clock');", true],
    ["vi.unmock('./clock');", true],
    ['vi.resetModules();', true],
    ["const actual = await vi.importActual<typeof import('./x')>('./x');", true],
    ['vi\n  .mock("./a")', true],
    ["vi.spyOn(window, 'open');", false],
    ['vi.fn(); vi.useFakeTimers();', false],
    ["// mocks nothing: it renders the mock-up ('mock(')", false],
  ])('%j → %s', (source, expected) => {
    expect(mocksModules(source)).toBe(expected);
  });
});

describe('splitWebTestFiles', () => {
  it('keeps every file, the mocking ones in the isolated list, in the order given', () => {
    const files = [
      { path: 'src/a.test.ts', source: 'expect(1).toBe(1)' },
      { path: 'src/b.test.tsx', source: "vi.mock('./b')" },
      { path: 'src/c.test.tsx', source: 'render(<C />)' },
    ];
    expect(splitWebTestFiles(files)).toEqual({ shared: ['src/a.test.ts', 'src/c.test.tsx'], isolated: ['src/b.test.tsx'] });
  });
});

describe('webTestFiles', () => {
  it('lists every test file under src once, across the two lists', () => {
    const all = readdirSync(path.join(ROOT_DIR, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => `src/${name.split(path.sep).join('/')}`);
    const { shared, isolated } = webTestFiles(ROOT_DIR);
    expect([...shared, ...isolated].sort()).toEqual(all.sort());
    expect(isolated.length).toBeGreaterThan(0);
    expect(shared.length).toBeGreaterThan(0);
  });
});
