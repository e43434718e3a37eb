/**
 * The one inline script of the app's HTML shell (scripts/prerender-html.mjs puts it there, with the frames of the
 * signed-in pages: features/dashboard/components/app-frame.tsx): during parsing, before the first paint, it shows the
 * frame of the page being opened when that page is a signed-in one and this browser holds a user's session, and
 * removes the frame otherwise — a signed-out visitor, or any other page, never sees it. The app removes the frame
 * when its page renders (`@/lib/app-frame`). The Content-Security-Policy allows this exact text by its hash (below; a test
 * checks the two agree): change one, change the other.
 */
export const APP_FRAME_SCRIPT =
  '(function(){var d=document,f=d.getElementById("app-frame");if(!f)return;try{' +
  'var p=JSON.parse(d.getElementById("app-frame-pages").textContent)[location.pathname.replace(/\\/+$/,"")],s=0;' +
  'for(var i=0;i<localStorage.length;i++)if(/^sb-.+-auth-token$/.test(localStorage.key(i)))s=1;' +
  'if(p&&s){d.getElementById("app-frame-page").innerHTML=p;f.hidden=false;return}}catch(e){}f.remove()})();';

/** `'sha256-…'` of APP_FRAME_SCRIPT, for script-src. */
export const APP_FRAME_SCRIPT_HASH = "'sha256-Che6wrZ3F+aCRquHNwyzkdh12pIvJvceDSEX7Ylb3f8='";
