/* global document, requestAnimationFrame */
// Prerendered pages are complete without JavaScript: this starts the app (hydration) once the page has been
// painted, so the first paint never waits for, nor shares the network with, the app's code. Written into the
// page by scripts/prerender.mjs with the entry module and the route's own chunks.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;

  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.src = entry;
    module.crossOrigin = '';
    document.head.appendChild(module);
  }

  // A hidden tab paints nothing: start at once.
  if (document.visibilityState === 'hidden') return start();
  // Never wait long, whatever happens below.
  setTimeout(start, 3000);
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf('paint') !== -1) {
      // The first contentful paint, as the browser reports it once it is on screen.
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length > 0) {
          observer.disconnect();
          start();
        }
      }).observe({ type: 'paint', buffered: true });
      return;
    }
  } catch {
    // no paint timing: fall back to the next frame
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
