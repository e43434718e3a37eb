/* global window, document, location, history */
// Beyond Brochures analytics, cookie-less: see README "Web analytics" and supabase/migrations/*_analytics_*.sql.
(function () {
  var script = document.currentScript;
  var api = window.bbAnalytics || {};
  if (!script || api.track) return;
  var site = script.getAttribute('data-site');
  // Without data-api / data-key: the API of the address that serves this file, with the key its pages carry.
  var endpoint = (script.getAttribute('data-api') || new URL(script.src).origin).replace(/\/+$/, '') + '/rest/v1/rpc/record_analytics_events';
  var meta = document.querySelector('meta[name="supabase-anon-key"]');
  var key = script.getAttribute('data-key') || (meta && meta.content);
  // data-include: only these paths are counted; data-exclude: these are not. Comma-separated, '*' at the end of a
  // rule for a prefix; '/about/' counts as '/about'.
  var included = rules('data-include');
  var excluded = rules('data-exclude');
  var optedOut =
    navigator.doNotTrack === '1' || window.doNotTrack === '1' || navigator.msDoNotTrack === '1' || navigator.globalPrivacyControl === true;
  var lastPath = null;

  function rules(name) {
    return (script.getAttribute(name) || '').split(',').map(function (rule) {
      return rule.trim();
    }).filter(Boolean);
  }

  function matches(list, path) {
    path = path.replace(/(.)\/+$/, '$1');
    return list.some(function (rule) {
      return rule.slice(-1) === '*' ? path.indexOf(rule.slice(0, -1)) === 0 : path === rule;
    });
  }

  function isCounted(path) {
    return (!included.length || matches(included, path)) && !matches(excluded, path);
  }

  // Events wait up to a second in a queue, so what happens together (a page view and the calls made before the
  // script loaded, a click and the next page) goes in one request; a hidden or closed page sends what is left at
  // once, with keepalive so the request outlives the page (fetch, not sendBeacon: the API wants its key in a header,
  // which sendBeacon cannot send). A live page sends a plain fetch: keepalive bodies share a 64 KB quota per page,
  // and a full batch can be larger. The answer is read so the browser counts the request as finished (an unread
  // body kept Chromium's DevTools protocol, and with it Playwright's networkidle, waiting for ever).
  var queue = [];
  var timer = null;

  function flush(isLeaving) {
    clearTimeout(timer);
    timer = null;
    while (queue.length) {
      fetch(endpoint, {
        method: 'POST',
        keepalive: isLeaving === true,
        credentials: 'omit',
        headers: { 'content-type': 'application/json', apikey: key },
        body: JSON.stringify({ site_id: site, events: queue.splice(0, 50) }),
      })
        .then(function (response) {
          return response.text();
        })
        .catch(function () {});
    }
  }

  function track(name, props) {
    if (optedOut || !site || !key || typeof name !== 'string' || !isCounted(location.pathname)) return;
    queue.push({
      name: name,
      url: location.href,
      referrer: document.referrer || null,
      props: props && typeof props === 'object' ? props : null,
      screen_width: window.innerWidth,
    });
    if (queue.length >= 50) flush();
    else if (!timer) timer = setTimeout(flush, 1000);
  }

  function pageview() {
    if (location.pathname === lastPath) return;
    lastPath = location.pathname;
    track('pageview');
  }

  var pushState = history.pushState;
  history.pushState = function () {
    pushState.apply(this, arguments);
    pageview();
  };
  window.addEventListener('popstate', pageview);
  window.addEventListener('pagehide', function () {
    flush(true);
  });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') flush(true);
  });

  var queued = api.q || [];
  window.bbAnalytics = { track: track };
  if (document.visibilityState === 'prerender') {
    document.addEventListener('visibilitychange', function once() {
      if (document.visibilityState === 'prerender') return;
      document.removeEventListener('visibilitychange', once);
      pageview();
    });
  } else {
    pageview();
  }
  queued.forEach(function (call) {
    track(call[0], call[1]);
  });
})();
