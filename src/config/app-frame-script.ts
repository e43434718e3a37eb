/**
 * The one inline script of the app's HTML shell (scripts/prerender-html.mjs puts it there, with the frames of the
 * signed-in pages: features/dashboard/components/app-frame.tsx): during parsing, before the first paint, it shows the
 * frame of the page being opened when that page is a signed-in one and this browser holds a user's session, and
 * removes the frame otherwise — a signed-out visitor, or any other page, never sees it. The app removes the frame
 * when its page renders (`@/lib/app-frame`). It also starts the app: the shell's entry is the frame's `data-entry`, not
 * a module script of the head, so **without this script no page of the shell starts** (session 14 of decision 0017).
 * The Content-Security-Policy allows this exact text by its hash (below; a test checks the two agree): change one,
 * change the other.
 */
export const APP_FRAME_SCRIPT =
  '(function(){var d=document,f=d.getElementById("app-frame");if(!f)return;' +
  'var a=location.pathname.replace(/\\/+$/,""),j=function(i){return JSON.parse(d.getElementById(i).textContent)};try{' +
  'var p=j("app-frame-pages")[a],s=0;' +
  'for(var i=0;i<localStorage.length;i++)if(/^sb-.+-auth-token$/.test(localStorage.key(i)))s=1;' +
  'if(p&&s){d.getElementById("app-frame-page").innerHTML=p;f.hidden=false;e();var r=w();if(r){r=window.__appFrameReady=Promise.race([r.then(function(){' +
  'return new Promise(function(f){requestAnimationFrame(function(){setTimeout(f)})})}),new Promise(function(f){setTimeout(f,2e3)})]);r.then(l,l)}else l();t();return}}catch(x){}f.remove();n();' +
  // The app's entry (the frame's data-entry: scripts/prerender-html.mjs): at once without a frame; with one, once the
  // frame has been painted (the first contentful paint; the next frame where paint timing is missing; at once in a
  // hidden tab; at most 1 s after parsing): the frame's paint needs neither its 82 KB nor their evaluation, and the
  // paint no longer shares the network with them (as /hydrate.js does for the prerendered pages).
  'var E;function n(){var u=f.getAttribute("data-entry");if(u&&!E){E=1;var k=d.createElement("script");k.type="module";k.crossOrigin="";k.src=u;d.head.appendChild(k)}}' +
  'function t(){if(d.visibilityState==="hidden")return n();setTimeout(n,1e3);try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;' +
  'new PerformanceObserver(function(x,b){if(x.getEntriesByName("first-contentful-paint").length){b.disconnect();n()}}).observe({type:"paint",buffered:true});return}catch(x){}' +
  'requestAnimationFrame(function(){setTimeout(n)})}' +
  // The page's chunks (scripts/prerender-html.mjs, signedInPageChunks) load with the entry, not after it; on a page
  // whose frame paints its largest text from its own reads (w below), once that text has been painted (the frame after
  // it; at most 2 s): those reads have the network and the server first, and the app waits for the same promise
  // (@/lib/app-frame).
  'function l(){try{(j("app-frame-chunks")[a]||[]).forEach(function(h){var k=d.createElement("link");' +
  'k.rel="modulepreload";k.crossOrigin="";k.href=h;d.head.appendChild(k)})}catch(x){}}' +
  // The account's first reads (@/lib/early-requests): on the own server (the page has the anon key, the API is the
  // page's origin), with the stored session of supabase-js's own key while its token is valid for another minute.
  'var g;function e(){try{var m=d.querySelector(\'meta[name="supabase-anon-key"]\'),' +
  't=JSON.parse(localStorage.getItem("sb-"+location.hostname.split(".")[0]+"-auth-token")),u=t.user.id;' +
  'if(!m||!(t.expires_at*1e3>Date.now()+6e4))return;var h={apikey:m.content,Authorization:"Bearer "+t.access_token};' +
  'g=function(q,b){var r=fetch("/rest/v1/"+q,b?{method:"POST",headers:Object.assign({"Content-Type":"application/json"},h),body:JSON.stringify(b)}:{headers:h})' +
  '.then(function(r){if(!r.ok)throw r.status;return r.json()});r.catch(function(){});return r};window.__earlyRequests={userId:u,profile:g("profiles?select=*&user_id=eq."+u),' +
  'memberships:g("organization_members?select=organization_id,role,created_at&user_id=eq."+u),' +
  'organizations:g("organizations?select=id,name,is_personal,require_two_factor,time_zone")}}catch(x){}}' +
  // From those reads, the workspace the app will show (@/lib/workspace-choice, chooseWorkspace: the one this browser
  // remembers while listed, else the one joined first), in the frame wherever it is by then:
  // - the page's line with its name (a frame's `data-workspace-line`: /team, /contacts, /team/webhooks), as text;
  // - the e-mail overview (a frame's `data-email-note`: /marketing/email): its reads start for that workspace
  //   (@/features/email/api/get-email-overview takes them once), and while the workspace has sent nothing and has no
  //   subscriber the overview's fixed note takes the skeleton's place, as text.
  // - the analytics sites (a frame's `data-analytics-sites`: /marketing/analytics): their read starts for that
  //   workspace (@/features/analytics/api/get-sites takes it once), and for a member (not a viewer: no buttons, a
  //   notice above) with a site the console's card takes the skeleton's place, the first site and its snippet (the
  //   frame's template with the page's origin, the site's id and the page's anon key) as text.
  'function w(){try{var b=d.querySelector("[data-workspace-line]"),n=d.querySelector("[data-email-note]"),a=d.querySelector("[data-analytics-sites]"),q=window.__earlyRequests;if(!b&&!n&&!a||!q)return;' +
  'return Promise.all([q.memberships,q.organizations]).then(function(r){var o={},z=[],k=localStorage.getItem("bb-current-workspace:"+q.userId);' +
  'r[1].forEach(function(x){o[x.id]=x});r[0].forEach(function(m){var x=o[m.organization_id];' +
  'if(x&&/^(viewer|member|admin|owner)$/.test(m.role))z.push([m.created_at,x.id,x.name,m.role])});' +
  'var c=z.filter(function(y){return y[1]===k})[0]||z.sort(function(a,b){return a[0].localeCompare(b[0])||a[1].localeCompare(b[1])})[0];' +
  'if(!c)return;if(b)v(b,b.dataset.before+c[2]+b.dataset.after);if(n){q.emailOverview={workspaceId:c[1],counts:g("rpc/email_overview",{workspace_id:c[1]}),' +
  'recent:g("email_campaigns?select=id,name,status,scheduled_at,sent_count,recipients_total&organization_id=eq."+c[1]+"&order=created_at.desc&limit=5")};' +
  'return q.emailOverview.counts.then(function(r){var x=r[0]||{};if(Array.isArray(r)&&!(Number(x.deliveries)||Number(x.subscribers)))v(n,n.dataset.text)})}' +
  'if(a){q.analyticsSites={workspaceId:c[1],sites:g("analytics_sites?select=id,name,domain&organization_id=eq."+c[1]+"&order=name.asc,id.asc")};' +
  'return q.analyticsSites.sites.then(function(r){var s=Array.isArray(r)&&r[0],y=a.children,t=function(e){return y[1].querySelector("[data-"+e+"]")};if(!s||c[3]==="viewer")return;' +
  't("site-label").textContent=s.name+" ("+s.domain+")";t("snippet-code").textContent=a.dataset.snippet.split("{{origin}}").join(location.origin)' +
  '.split("{{site}}").join(s.id).split("{{key}}").join(d.querySelector(\'meta[name="supabase-anon-key"]\').content);y[0].remove();y[0].hidden=y[1].hidden=false})}}).catch(function(){})}catch(x){}}' +
  'function v(b,s){var t=d.createElement("p");t.className=b.dataset.class;t.textContent=s;b.replaceWith(t)}})();';

/** `'sha256-…'` of APP_FRAME_SCRIPT, for script-src. */
export const APP_FRAME_SCRIPT_HASH = "'sha256-nG5w+YCWMkWbCHgfAphMuYtcVkWPdyI2/aCM47qbNVc='";
