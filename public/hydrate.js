/* global document, requestAnimationFrame */
// Prerendered pages are complete without JavaScript: this starts the app (hydration) after their first
// paint, so that the page shows as soon as its HTML and CSS are in. Written into the page by
// scripts/prerender.mjs with the entry module and the route's own chunks.
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
  if (document.visibilityState === 'hidden') start();
  else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 1000);
  }
})();
