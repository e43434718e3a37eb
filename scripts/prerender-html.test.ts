import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module without types
import { deferHydration, placeHead, routeChunks, routeModuleOf, signedInPageChunks, withAppFrame } from './prerender-html.mjs';

const shell =
  '<html><head><meta name="description" content="Shell" /><title>Shell</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"><!--app-html--></div></body></html>';

describe('placeHead', () => {
  it('moves the page title, description and preload links into the head', () => {
    const markup =
      '<link rel="preload" as="image" imageSrcSet="/a.webp 1x" fetchPriority="high"/><title>Our Work | BB</title><meta name="description" content="Work"/><div>page</div>';
    const { page, markup: rest } = placeHead(shell, markup);
    expect(rest).toBe('<div>page</div>');
    expect(page).toContain('<title>Our Work | BB</title>');
    expect(page).not.toContain('<title>Shell</title>');
    expect(page).toContain('<meta name="description" content="Work"/>');
    expect(page).not.toContain('content="Shell"');
    expect(page).toContain('<link rel="preload" as="image" imageSrcSet="/a.webp 1x" fetchPriority="high"/>\n</head>');
  });

  it('leaves markup without hoisted elements, and elements inside the page, alone', () => {
    const markup = '<div><title>inside an svg</title><meta name="x"/></div>';
    expect(placeHead(shell, markup)).toEqual({ page: shell, markup });
  });
});

describe('routeModuleOf', () => {
  it.each([
    ['/', 'src/app/routes/landing.tsx'],
    ['/portfolio', 'src/app/routes/portfolio.tsx'],
    ['/__not-found__', 'src/app/routes/not-found.tsx'],
  ])('%s → %s', (route, file) => {
    expect(routeModuleOf(route)).toBe(file);
  });
});

describe('routeChunks', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: [] },
    'src/app/routes/landing.tsx': { file: 'assets/landing-2.js', imports: ['index.html', '_grid-3.js'] },
    '_grid-3.js': { file: 'assets/grid-3.js', imports: ['index.html', '_meta-4.js'] },
    '_meta-4.js': { file: 'assets/meta-4.js', imports: ['_grid-3.js'] },
  };

  it('lists the route chunk and every chunk it imports once, without the entry', () => {
    expect(routeChunks(manifest, 'src/app/routes/landing.tsx')).toEqual(['/assets/landing-2.js', '/assets/grid-3.js', '/assets/meta-4.js']);
  });

  it('lists nothing for a module the build does not know', () => {
    expect(routeChunks(manifest, 'src/app/routes/nope.tsx')).toEqual([]);
  });
});

describe('deferHydration', () => {
  it('replaces the module script with hydrate.js, which starts it and the route chunks after the first paint', () => {
    const page = deferHydration(shell, ['/assets/landing-2.js', '/assets/grid-3.js']);
    expect(page).not.toContain('type="module"');
    expect(page).toContain(
      '<script defer src="/hydrate.js" data-entry="/assets/index-1.js" data-preload="/assets/landing-2.js /assets/grid-3.js"></script>',
    );
  });
});

describe('withAppFrame', () => {
  const frame = { header: '<header>H</header>', pages: { '/dashboard': '<main><p>Hi</p><script>x</script></main>' } };

  it('puts the hidden frame, its pages and the script before the root', () => {
    const page = withAppFrame(shell, frame, 'run()');
    const before = page.slice(0, page.indexOf('<div id="root">'));
    expect(before).toContain(
      '<div id="app-frame" class="min-h-screen bg-muted/30" aria-hidden="true" hidden data-entry="/assets/index-1.js"><header>H</header><div id="app-frame-page"></div></div>',
    );
    expect(before).toContain('<script>run()</script>');
    const json = /<script type="application\/json" id="app-frame-pages">(.*?)<\/script>/.exec(before)?.[1];
    expect(json).not.toContain('<');
    expect(JSON.parse(json!)).toEqual(frame.pages);
  });

  it("lists each signed-in page's chunks beside its frame", () => {
    const page = withAppFrame(shell, frame, 'run()', { '/dashboard': ['/assets/dashboard-1.js'] });
    const json = /<script type="application\/json" id="app-frame-chunks">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(json!)).toEqual({ '/dashboard': ['/assets/dashboard-1.js'] });
  });

  it("leaves the app's entry to the inline script: no module script in the head, its address on the frame", () => {
    const page = withAppFrame(shell, frame, 'run()');
    expect(page).not.toContain('type="module"');
    expect(page).toContain('<title>Shell</title></head>');
    expect(page).toContain('data-entry="/assets/index-1.js"');
  });

  it('refuses a shell without a root or an entry, or with its frames already', () => {
    expect(() => withAppFrame('<body><script type="module" crossorigin src="/e.js"></script></body>', frame, 'run()')).toThrow(/root/);
    expect(() => withAppFrame('<body><div id="root"></div></body>', frame, 'run()')).toThrow(/module script/);
    expect(() => withAppFrame(withAppFrame(shell, frame, 'run()'), frame, 'run()')).toThrow(/frames already/);
  });
});

describe('signedInPageChunks', () => {
  const manifest = {
    'src/entry-client.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'] },
    _runtime: { file: 'assets/runtime-0.js' },
    '_runtime.js': { file: 'assets/runtime-0.js' },
    'src/components/layouts/account-layout.tsx': { file: 'assets/account-layout-2.js', imports: ['_platform.js'] },
    'src/lib/account-prefetch.ts': { file: 'assets/account-prefetch-3.js', imports: ['_platform.js'] },
    'src/lib/auth.tsx': { file: 'assets/auth-4.js', imports: ['_platform.js'] },
    '_platform.js': { file: 'assets/platform-5.js' },
    'src/app/routes/team.tsx': { file: 'assets/team-6.js', imports: ['_card.js'], dynamicImports: ['_dialog.js'] },
    'src/app/routes/team-webhooks.tsx': { file: 'assets/team-webhooks-7.js', imports: ['_card.js'] },
    '_card.js': { file: 'assets/card-8.js' },
    '_dialog.js': { file: 'assets/dialog-9.js' },
  };

  it("gives a page's layouts, the page and their imports once each: not the entry, not what loads on demand", () => {
    expect(signedInPageChunks(manifest, ['/team'])).toEqual({
      '/team': ['/assets/account-layout-2.js', '/assets/platform-5.js', '/assets/account-prefetch-3.js', '/assets/auth-4.js', '/assets/team-6.js', '/assets/card-8.js'],
    });
  });

  it('finds a nested path by its dashed module name', () => {
    expect(signedInPageChunks(manifest, ['/team/webhooks'])['/team/webhooks']).toContain('/assets/team-webhooks-7.js');
  });

  it('stops the build for a page without a route module', () => {
    expect(() => signedInPageChunks(manifest, ['/nowhere'])).toThrow(/nowhere/);
  });
});
