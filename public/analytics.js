/* global window, document, location, history */
// Beyond Brochures analytics, cookie-less: see README "Web analytics" and supabase/migrations/*_analytics_*.sql.
(function () {
  var script = document.currentScript;
  var api = window.bbAnalytics || {};
  if (!script || api.track) return;
  var site = script.getAttribute('data-site');
  // Without data-api / data-key: the API of the address that serves this file, with the key its pages carry.
  var endpoint = (script.getAttribute('data-api') || new URL(script.src).origin).replace(/\/+$/, '') + '/rest/v1/rpc/record_analytics_event';
  var meta = document.querySelector('meta[name="supabase-anon-key"]');
  var key = script.getAttribute('data-key') || (meta && meta.content);
  var excluded = (script.getAttribute('data-exclude') || '').split(',').filter(Boolean);
  var optedOut =
    navigator.doNotTrack === '1' || window.doNotTrack === '1' || navigator.msDoNotTrack === '1' || navigator.globalPrivacyControl === true;
  var lastPath = null;

  function isExcluded(path) {
    return excluded.some(function (rule) {
      rule = rule.trim();
      return rule.slice(-1) === '*' ? path.indexOf(rule.slice(0, -1)) === 0 : path === rule;
    });
  }

  function track(name, props) {
    if (optedOut || !site || !key || typeof name !== 'string' || isExcluded(location.pathname)) return;
    fetch(endpoint, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json', apikey: key },
      body: JSON.stringify({
        site_id: site,
        name: name,
        url: location.href,
        referrer: document.referrer || null,
        props: props && typeof props === 'object' ? props : null,
        screen_width: window.innerWidth,
      }),
    }).catch(function () {});
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
