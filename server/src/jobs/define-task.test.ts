import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTask, lazyTask, loadTask } from './define-task';

const task = defineTask({ name: 'some_task', payload: z.object({}), async run() {} });

describe('lazyTask', () => {
  it('loads its module once, however many jobs ask at once', async () => {
    let loads = 0;
    const lazy = lazyTask('some_task', async () => {
      loads += 1;
      return task;
    });
    const [first, second] = await Promise.all([loadTask(lazy), loadTask(lazy)]);
    expect(first).toBe(task);
    expect(second).toBe(task);
    await loadTask(lazy);
    expect(loads).toBe(1);
  });

  it('refuses a module that defines another task than its name says', async () => {
    await expect(loadTask(lazyTask('other_task', async () => task))).rejects.toThrow('task other_task: its module defines "some_task"');
  });

  it('tries a module that failed to load again on the next job', async () => {
    let loads = 0;
    const lazy = lazyTask('some_task', async () => {
      loads += 1;
      if (loads === 1) throw new Error('libvips missing');
      return task;
    });
    await expect(loadTask(lazy)).rejects.toThrow('libvips missing');
    await expect(loadTask(lazy)).resolves.toBe(task);
  });

  it('passes a definition given as it is', async () => {
    await expect(loadTask(task)).resolves.toBe(task);
  });
});
