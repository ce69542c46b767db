// Applies the stored theme before the first paint so a dark page never flashes light.
// Same rules as src/lib/theme.ts: flag 'isDarkMode' ('true' / 'false'), missing means light.
(function () {
  var theme = 'light';
  try {
    var dark = localStorage.getItem('isDarkMode');
    if (dark === null) { localStorage.setItem('isDarkMode', 'false'); dark = 'false'; }
    theme = dark === 'true' ? 'dark' : 'light';
  } catch (e) { /* storage unavailable: light */ }
  document.documentElement.dataset.theme = theme;
  // Until the stylesheet loads, the theme-colour meta takes the base layer colour of tokens.css.
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#15151f' : '#ffffff');
})();
