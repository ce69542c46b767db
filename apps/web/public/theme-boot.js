// Applies the stored theme before the first paint so a dark page never flashes light.
// Same rules as src/lib/theme.ts: flag 'isDarkMode' ('true' / 'false'), missing means light.
(function () {
  var theme = 'light';
  var language = null;
  var signedIn = false;
  try {
    var dark = localStorage.getItem('isDarkMode');
    if (dark === null) { localStorage.setItem('isDarkMode', 'false'); dark = 'false'; }
    theme = dark === 'true' ? 'dark' : 'light';
    // Same keys as src/lib/i18n.ts and src/lib/token-storage.ts.
    language = localStorage.getItem('preferredLanguage');
    signedIn = !!(localStorage.getItem('refresh_token') || sessionStorage.getItem('refresh_token'));
  } catch (e) { /* storage unavailable: light */ }
  document.documentElement.dataset.theme = theme;
  // Until the stylesheet loads, the theme-colour meta takes the base layer colour of tokens.css.
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#15151f' : '#ffffff');
  // index.html carries the sign-in page pre-rendered (Turkish, sign-in tab; src/prerender). Any
  // other first screen must not flash it: it stays hidden and the page paints when the app does.
  var fits = location.pathname === '/' && !/[?&]tab=sign-up(&|$)/.test(location.search) && (language === null || language === 'tr') && !signedIn;
  document.documentElement.dataset.prerender = fits ? 'shown' : 'hidden';
  if (!fits) {
    var style = document.createElement('style');
    style.textContent = '#root[data-prerendered] > * { display: none; }';
    document.head.appendChild(style);
    // Nor does such a page ask for the font before the app renders its text: fetched from here it
    // downloads with the app's code instead of after it. The build fills in the files (the core
    // and Turkish faces; build/prerender.ts); an English page fetches the Turkish face on demand.
    var fonts = {};
    var wanted = language === 'en' ? [fonts.core] : [fonts.core, fonts.turkish];
    for (var i = 0; i < wanted.length; i++) {
      if (!wanted[i]) continue;
      var link = document.createElement('link');
      link.setAttribute('rel', 'preload');
      link.setAttribute('as', 'font');
      link.setAttribute('type', 'font/woff2');
      link.setAttribute('crossorigin', 'anonymous');
      link.setAttribute('href', wanted[i]);
      document.head.appendChild(link);
    }
  }
})();
